import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetPage } from '@/api/gen/endpoints/pages/pages';
import { AuthCard } from '@/components/auth-card';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { InfoCircledIcon } from '@/components/icons/info-circled';
import { Prose } from '@/components/prose';
import { PublicPageLinks } from '@/components/public-page-links';
import { errorStatus } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { LOGIN_PATH } from '@/lib/session';
import { useToken } from '@/lib/use-session';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The way on from a public page: the portal for a signed-in reader, the login page otherwise. */
function WayOn() {
  const signedIn = Boolean(useToken());
  return (
    <Button asChild size="3" variant="soft">
      <RouterLink to={signedIn ? '/' : LOGIN_PATH}>
        {signedIn ? 'Go to the portal' : 'Log in'}
      </RouterLink>
    </Button>
  );
}

/**
 * pages/:slug — a public page (terms, privacy, the opportunity), readable without a session:
 * its title and text (the server's sanitised HTML of its Markdown) and when it last changed.
 */
export function PublicContentPage() {
  const { slug = '' } = useParams();
  const valid = slug.length <= 100 && SLUG.test(slug);
  const query = useGetPage(slug, { query: { enabled: valid, meta: { toast: false } } });
  const missing = !valid || errorStatus(query.error) === 404;
  const page = query.data;
  usePageTitle(missing ? 'Page not found' : (page?.title ?? 'Loading'));

  if (missing) {
    return (
      <>
        <AuthCard title="Page not found">
          <Callout.Root color="gray" variant="surface">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>The page you are looking for does not exist or has moved.</Callout.Text>
          </Callout.Root>
          <WayOn />
        </AuthCard>
        <PublicPageLinks />
      </>
    );
  }
  if (query.isError) {
    return (
      <AuthCard title="Page not loaded">
        <ErrorCallout error={query.error} title="The page could not be loaded" />
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </AuthCard>
    );
  }
  if (!page) return <CenteredSpinner />;
  return (
    <>
      <AuthCard title={page.title}>
        <article aria-label={page.title}>
          <Prose sanitisedHtml={page.body_html} />
        </article>
        <Flex direction="column" gap="4" align="start">
          <Text size="2" color="gray">
            Last updated {formatDate(page.updated_at)}
          </Text>
          <WayOn />
        </Flex>
      </AuthCard>
      <PublicPageLinks current={page.slug} />
    </>
  );
}
