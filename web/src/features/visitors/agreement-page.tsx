import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useGetMembershipAgreement } from '@/api/gen/endpoints/visitors/visitors';
import { AuthCard } from '@/components/auth-card';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { InfoCircledIcon } from '@/components/icons/info-circled';
import { errorStatus } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { LOGIN_PATH } from '@/lib/session';
import {
  ASSOCIATE_CODE,
  agreementParagraphs,
  isCountry,
  isPlan,
  isRegistrationKind,
  registrationPath,
} from './paths';

/** Where the agreement leads: the registration form of its plan under the upline the visitor
 *  came with (?upline=CODE), or the login page without one. */
function NextStep({ plan, upline }: { plan: string; upline: string | null }) {
  if (upline && ASSOCIATE_CODE.test(upline) && isRegistrationKind(plan)) {
    return (
      <Button asChild size="3">
        <RouterLink to={registrationPath(plan, upline)}>Register</RouterLink>
      </Button>
    );
  }
  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray">
        To register, open the registration link your upline sent you.
      </Text>
      <Button asChild size="3" variant="soft">
        <RouterLink to={LOGIN_PATH}>Log in</RouterLink>
      </Button>
    </Flex>
  );
}

/** ama/:country/:plan — the associate membership agreement in force for a country and plan. */
export function MembershipAgreementPage() {
  const { country = '', plan = '' } = useParams();
  const [search] = useSearchParams();
  const upline = search.get('upline');
  const known = isCountry(country) && isPlan(plan);
  const query = useGetMembershipAgreement(
    isCountry(country) ? country : 'USA',
    isPlan(plan) ? plan : 'Builder',
    { query: { enabled: known, meta: { toast: false } } },
  );
  const missing = !known || errorStatus(query.error) === 404;
  const agreement = query.data;
  usePageTitle(missing ? 'Agreement not found' : (agreement?.title ?? 'Membership agreement'));

  if (missing) {
    return (
      <AuthCard title="Agreement not found">
        <Callout.Root color="gray" variant="surface">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            No membership agreement is published for the {plan} plan in {country}.
          </Callout.Text>
        </Callout.Root>
        <NextStep plan={plan} upline={upline} />
      </AuthCard>
    );
  }
  if (query.isError) {
    return (
      <AuthCard title="Membership agreement">
        <ErrorCallout error={query.error} title="The agreement could not be loaded" />
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </AuthCard>
    );
  }
  if (!agreement) return <CenteredSpinner />;
  return (
    <AuthCard
      title={agreement.title}
      description={`${agreement.plan} plan, ${agreement.country} · Published ${formatDate(agreement.published_on)}`}
    >
      <Flex direction="column" gap="3" asChild>
        <article aria-label={agreement.title}>
          {agreementParagraphs(agreement.body).map((paragraph, index) => (
            <Text as="p" size="2" key={index} style={{ whiteSpace: 'pre-line' }}>
              {paragraph}
            </Text>
          ))}
        </article>
      </Flex>
      <NextStep plan={agreement.plan} upline={upline} />
    </AuthCard>
  );
}
