import { Badge, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from 'react-router';
import { useGetDashboard } from '@/api/gen/endpoints/dashboard/dashboard';
import type { Dashboard } from '@/api/gen/model/dashboard';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { ArrowRightIcon } from '@/components/icons/arrow-right';
import { CheckCircledIcon } from '@/components/icons/check-circled';
import { FileTextIcon } from '@/components/icons/file-text';
import { formatNumber } from '@/lib/format';
import { accessRules, useAccess } from '@/lib/use-access';
import { QUIET_QUERY } from '@/lib/query-meta';
import { UpcomingEventsCard } from './upcoming-events-card';

function Stat({
  label,
  value,
  text,
  to,
  action,
}: {
  label: string;
  /** The count; a card without one says `text` instead. */
  value?: number;
  text?: string;
  to?: string;
  action?: string;
}) {
  return (
    <Card size="3">
      <Flex direction="column" gap="2">
        <Text size="2" color="gray">
          {label}
        </Text>
        {value !== undefined ? (
          <Text size="8" weight="bold">
            {formatNumber(value)}
          </Text>
        ) : (
          <Text size="3">{text}</Text>
        )}
        {to && action ? (
          <Button asChild variant="ghost" size="1" style={{ alignSelf: 'start' }}>
            <Link to={to}>
              {action} <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
        ) : null}
      </Flex>
    </Card>
  );
}

/**
 * The count cards, each leading to the list it counts: your own clients (the client list
 * filtered by your code), every client you can see, and your downline (its tree). Staff own no
 * clients and have no downline: with the clients.read permission they get the client list, with
 * no count (the dashboard counts only an associate's clients).
 */
function Counts({ data, permissions }: { data: Dashboard; permissions: readonly string[] }) {
  const { user, counts } = data;
  const { isStaff, canReadClients } = accessRules(user, permissions);
  if (isStaff) {
    if (!canReadClients) return null;
    return (
      <Grid columns={{ initial: '1', sm: '3' }} gap="4">
        <Stat
          label="Clients"
          text="Your staff account can read every client."
          to="/business/clients"
          action="View clients"
        />
      </Grid>
    );
  }
  const code = encodeURIComponent(user.code ?? '');
  return (
    <Grid columns={{ initial: '1', sm: '3' }} gap="4">
      <Stat
        label="Your clients"
        value={counts.own_clients}
        to={`/business/clients?filter[associate_code][eq]=${code}`}
        action="View your clients"
      />
      <Stat
        label="Clients you can see"
        value={counts.clients}
        to="/business/clients"
        action="View all clients"
      />
      <Stat
        label="Associates in your downline"
        value={counts.downline}
        to={`/team/${code}/genealogy-tree`}
        action="Open your tree"
      />
    </Grid>
  );
}

/** The home dashboard: greeting, level and code, what needs attention, an associate's upcoming
 *  events, client counts. */
export function HomePage() {
  const dashboard = useGetDashboard({ query: QUIET_QUERY });
  const { permissions } = useAccess();
  if (dashboard.isPending) return <CenteredSpinner />;
  if (dashboard.isError)
    return <ErrorCallout error={dashboard.error} title="The dashboard could not be loaded" />;

  const { greeting, user, attention } = dashboard.data;
  const pending = attention.memos + attention.w9_documents;

  return (
    <Flex direction="column" gap="5">
      <Flex direction="column" gap="2">
        <Heading as="h1" size="8">
          {greeting}
        </Heading>
        <Flex gap="2" align="center" wrap="wrap">
          {user.level ? (
            <Badge size="2" color={user.level.is_senior_level ? 'violet' : 'blue'}>
              {user.level.name}
            </Badge>
          ) : null}
          {user.code ? (
            <Badge size="2" variant="outline" color="gray">
              Code {user.code}
            </Badge>
          ) : null}
          {user.is_staff ? (
            <Badge size="2" color="orange">
              Staff
            </Badge>
          ) : null}
        </Flex>
      </Flex>

      <Card size="3">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Needs your attention
          </Heading>
          {pending === 0 ? (
            <Flex align="center" gap="2">
              <Text color="green">
                <CheckCircledIcon aria-hidden />
              </Text>
              <Text size="2">
                You are all caught up: nothing is waiting for your acknowledgement.
              </Text>
            </Flex>
          ) : (
            <Flex direction="column" gap="2">
              {attention.memos > 0 ? (
                <Flex align="center" gap="2">
                  <FileTextIcon aria-hidden />
                  <Text size="2">
                    {attention.memos} {attention.memos === 1 ? 'memo' : 'memos'} to acknowledge
                  </Text>
                </Flex>
              ) : null}
              {attention.w9_documents > 0 ? (
                <Flex align="center" gap="2">
                  <FileTextIcon aria-hidden />
                  <Text size="2">
                    {attention.w9_documents} W-9{' '}
                    {attention.w9_documents === 1 ? 'document' : 'documents'} to acknowledge
                  </Text>
                </Flex>
              ) : null}
            </Flex>
          )}
        </Flex>
      </Card>

      {user.code ? <UpcomingEventsCard /> : null}

      <Counts data={dashboard.data} permissions={permissions} />
    </Flex>
  );
}
