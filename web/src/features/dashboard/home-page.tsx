import { ArrowRightIcon, CheckCircledIcon, FileTextIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Link } from 'react-router';
import { useGetDashboard } from '@/api/gen/endpoints/dashboard/dashboard';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { formatNumber } from '@/lib/format';

function Stat({
  label,
  value,
  to,
  action,
}: {
  label: string;
  value: number;
  to?: string;
  action?: string;
}) {
  return (
    <Card size="3">
      <Flex direction="column" gap="2">
        <Text size="2" color="gray">
          {label}
        </Text>
        <Text size="8" weight="bold">
          {formatNumber(value)}
        </Text>
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

/** The home dashboard: greeting, level and code, what needs attention, client counts. */
export function HomePage() {
  const dashboard = useGetDashboard({ query: { meta: { toast: false } } });
  if (dashboard.isPending) return <CenteredSpinner />;
  if (dashboard.isError)
    return <ErrorCallout error={dashboard.error} title="The dashboard could not be loaded" />;

  const { greeting, user, attention, counts } = dashboard.data;
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

      <Grid columns={{ initial: '1', sm: '3' }} gap="4">
        <Stat
          label="Your clients"
          value={counts.own_clients}
          to="/business/clients"
          action="View clients"
        />
        <Stat label="Clients you can see" value={counts.clients} />
        <Stat label="Associates in your downline" value={counts.downline} />
      </Grid>
    </Flex>
  );
}
