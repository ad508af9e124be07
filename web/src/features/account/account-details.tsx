import {
  Avatar,
  Badge,
  Button,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  Link,
  Text,
} from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGetAccount } from '@/api/gen/endpoints/account/account';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import { CenteredSpinner } from '@/components/centered-spinner';
import { DetailField } from '@/components/detail-field';
import { ErrorCallout } from '@/components/error-callout';
import { Pencil1Icon } from '@/components/icons/pencil-1';
import {
  ACCOUNT_FORM_LABELS,
  INTERNATIONAL_APPOINTMENT_PATH,
  accountFormPath,
  type AccountForm,
} from '@/lib/account-paths';
import { formatDate, formatPhone, initials } from '@/lib/format';
import { stateLabel } from '@/lib/states';

/** Said of a new address whose confirmation link has not been followed yet. */
export const PENDING_EMAIL_NOTE = 'waiting for confirmation';

/** The link to an edit form, named after what it edits ('Edit spouse'). */
function EditLink({ form, verb = 'Edit' }: { form: AccountForm; verb?: string }) {
  return (
    <Button asChild size="1" variant="soft">
      <RouterLink
        to={accountFormPath(form)}
        aria-label={`${verb} ${ACCOUNT_FORM_LABELS[form].toLowerCase()}`}
      >
        <Pencil1Icon aria-hidden /> {verb}
      </RouterLink>
    </Button>
  );
}

function DetailsCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card size="3">
      <Flex justify="between" align="center" gap="3" mb="4">
        <Heading as="h2" size="3">
          {title}
        </Heading>
        {action}
      </Flex>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        {children}
      </DataList.Root>
    </Card>
  );
}

/** A value with the way to edit it beside it (the contact card edits field by field). */
function Editable({
  children,
  form,
  verb,
}: {
  children: ReactNode;
  form: AccountForm;
  verb?: string;
}) {
  return (
    <Flex gap="3" align="center" wrap="wrap">
      {children === '' ? <Text color="gray">—</Text> : children}
      <EditLink form={form} verb={verb} />
    </Flex>
  );
}

/** A phone number as a link to call it, or '' (the detail's dash) for none. */
function phoneLink(phone: string | undefined): ReactNode {
  return phone ? <Link href={`tel:${phone}`}>{formatPhone(phone)}</Link> : '';
}

function Email({ account: a }: { account: AccountProfile }) {
  return (
    <Flex direction="column" gap="1">
      <Editable form="email" verb="Change">
        <Link href={`mailto:${a.email}`}>{a.email}</Link>
      </Editable>
      {a.pending_email ? (
        <Text size="2" color="gray">
          {a.pending_email}{' '}
          <Badge color="amber" variant="soft">
            {PENDING_EMAIL_NOTE}
          </Badge>
        </Text>
      ) : null}
    </Flex>
  );
}

function addressLines(a: AccountProfile): string[] {
  const { line1, line2, city, state, postal_code } = a.address;
  const place = [city, [state ? stateLabel(state) : '', postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [line1, line2, place, line1 || city ? a.country : ''].filter((l): l is string =>
    Boolean(l),
  );
}

/** The country an associate of `country` may ask to be appointed in as well. */
const otherCountry = (country: AccountProfile['country']) =>
  country === 'Canada' ? 'USA' : 'Canada';

/**
 * The account's own details (GET /account), each card with the way to its edit form: contact
 * (with an email change waiting for its confirmation link), basic information with the photo,
 * address, spouse, and the way to ask for an appointment in the other country.
 */
export function AccountDetails() {
  const query = useGetAccount({ query: { meta: { toast: false } } });
  if (query.isError) {
    return <ErrorCallout error={query.error} title="Your account details could not be loaded" />;
  }
  if (!query.data) return <CenteredSpinner label="Loading your details" />;
  const a = query.data;
  const address = addressLines(a);
  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="4" mb="4">
      <DetailsCard title="Contact">
        <DetailField label="Email">
          <Email account={a} />
        </DetailField>
        <DetailField label="Phone">
          <Editable form="phone">{phoneLink(a.phone)}</Editable>
        </DetailField>
        <DetailField label="Alternative phone">
          <Editable form="alt-phone">{phoneLink(a.alt_phone)}</Editable>
        </DetailField>
      </DetailsCard>
      <DetailsCard title="Basic information" action={<EditLink form="basic-information" />}>
        <DetailField label="Photo">
          <Editable form="photo" verb="Change">
            <Avatar
              size="4"
              radius="full"
              src={a.photo_url}
              alt="Your photo"
              fallback={initials(`${a.first_name} ${a.last_name}`)}
            />
          </Editable>
        </DetailField>
        <DetailField label="Name">{`${a.first_name} ${a.last_name}`}</DetailField>
        <DetailField label="Date of birth">{formatDate(a.date_of_birth)}</DetailField>
        <DetailField label="Gender">{a.gender ?? ''}</DetailField>
        <DetailField label="Marital status">{a.marital_status ?? ''}</DetailField>
        <DetailField label="Shirt size">{a.shirt_size ?? ''}</DetailField>
      </DetailsCard>
      <DetailsCard title="Address" action={<EditLink form="address" />}>
        <DetailField label="Mailing address">
          {address.length > 0 ? (
            <Flex direction="column">
              {address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </Flex>
          ) : (
            ''
          )}
        </DetailField>
      </DetailsCard>
      <DetailsCard title="Spouse" action={<EditLink form="spouse" />}>
        <DetailField label="Name">{a.spouse.name ?? ''}</DetailField>
        <DetailField label="Email">{a.spouse.email ?? ''}</DetailField>
        <DetailField label="Phone">{phoneLink(a.spouse.phone)}</DetailField>
        <DetailField label="Date of birth">{formatDate(a.spouse.date_of_birth)}</DetailField>
      </DetailsCard>
      <DetailsCard title="Appointment">
        <DetailField label="Home country">{a.country}</DetailField>
        <DetailField label="Other country">
          <Flex gap="3" align="center" wrap="wrap">
            {otherCountry(a.country)}
            <Button asChild size="1" variant="soft">
              <RouterLink to={INTERNATIONAL_APPOINTMENT_PATH}>International appointment</RouterLink>
            </Button>
          </Flex>
        </DetailField>
      </DetailsCard>
    </Grid>
  );
}
