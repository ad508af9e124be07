import {
  Button,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  Link,
  Progress,
  Tabs,
  Text,
} from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useGetTeamDashboard } from '@/api/gen/endpoints/team/team';
import type { AssociateStatus } from '@/api/gen/model/associateStatus';
import type { TeamSummary } from '@/api/gen/model/teamSummary';
import { CenteredSpinner } from '@/components/centered-spinner';
import { BarChart, ColumnChart } from '@/components/charts';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { ArrowRightIcon } from '@/components/icons/arrow-right';
import { PageHeader } from '@/components/page-header';
import { PeriodPicker } from '@/components/period-picker';
import { errorDetails } from '@/lib/errors';
import { formatCurrency, formatNumber } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useActiveTabInView } from '@/lib/use-active-tab-in-view';
import { formatPeriod, periodParams, usePeriod } from '@/lib/period';
import { StatusBadge } from './badges';
import { teamViewPath } from './paths';
import { growthColumns, levelBars, licensedPercent, statusCounts, total } from './team-charts';
import { TEAM_VIEW_LABELS } from './team-menu';

function ViewCard({ summary }: { summary: TeamSummary }) {
  const percent = licensedPercent(summary);
  return (
    <Card size="2">
      <Flex direction="column" gap="2">
        <Heading as="h2" size="3">
          <Link asChild>
            <RouterLink to={teamViewPath(summary.view)}>
              {TEAM_VIEW_LABELS[summary.view]}
            </RouterLink>
          </Link>
        </Heading>
        <Flex align="baseline" gap="2">
          <Text size="7" weight="bold">
            {formatNumber(summary.members)}
          </Text>
          <Text size="2" color="gray">
            {summary.members === 1 ? 'member' : 'members'}
          </Text>
        </Flex>
        <Text size="2" color="gray">
          {formatNumber(summary.licensed)} licensed
          {percent !== undefined ? ` (${percent}%)` : ''} · {formatNumber(summary.new_in_period)}{' '}
          new in period
        </Text>
        <Text size="2">
          <Text weight="bold">{formatCurrency(summary.production.bv_cents)}</Text> BV ·{' '}
          {formatNumber(summary.production.policies)}{' '}
          {summary.production.policies === 1 ? 'policy' : 'policies'}
        </Text>
      </Flex>
    </Card>
  );
}

function Expiring({ summary }: { summary: TeamSummary }) {
  const rows = [
    { label: 'Within 7 days', value: summary.expiring.days_7, color: 'red' as const },
    { label: 'Within 30 days', value: summary.expiring.days_30, color: 'amber' as const },
    { label: 'Within 90 days', value: summary.expiring.days_90, color: 'gray' as const },
  ];
  return (
    <Card size="3">
      <Heading as="h3" size="3" mb="3">
        Licenses expiring
      </Heading>
      <DataList.Root size="2">
        {rows.map((row) => (
          <DataList.Item key={row.label} align="center">
            <DataList.Label minWidth="120px">{row.label}</DataList.Label>
            <DataList.Value>
              <Text weight="bold" color={row.value > 0 ? row.color : 'gray'}>
                {formatNumber(row.value)}
              </Text>
            </DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Card>
  );
}

function ViewDetails({ summary, period }: { summary: TeamSummary; period: string }) {
  const percent = licensedPercent(summary);
  const growth = growthColumns(summary.growth);
  return (
    <Flex direction="column" gap="4" pt="4">
      <Grid columns={{ initial: '1', sm: '3' }} gap="4">
        <Card size="3">
          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              Licensed share
            </Heading>
            <Text size="7" weight="bold">
              {percent !== undefined ? `${percent}%` : '—'}
            </Text>
            <Progress value={percent ?? 0} aria-label="Licensed share" />
            <Text size="1" color="gray">
              {formatNumber(summary.licensed)} of {formatNumber(summary.members)} members hold a
              license in force
            </Text>
          </Flex>
        </Card>
        <Card size="3">
          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              New in period
            </Heading>
            <Text size="7" weight="bold">
              {formatNumber(summary.new_in_period)}
            </Text>
            <Text size="1" color="gray">
              Joined {period}
            </Text>
          </Flex>
        </Card>
        <Expiring summary={summary} />
      </Grid>
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <Card size="3">
          <BarChart
            title="Team by level"
            description={`${formatNumber(summary.members)} members by level`}
            data={levelBars(summary.by_level)}
            categoryLabel="Level"
            valueLabel="Members"
          />
        </Card>
        <Card size="3">
          <ColumnChart
            title="Growth over 12 months"
            description={`${formatNumber(total(growth))} joined in the last 12 months`}
            data={growth}
            categoryLabel="Month"
            valueLabel="Joined"
          />
        </Card>
      </Grid>
      <Card size="3">
        <Heading as="h3" size="3" mb="3">
          By status
        </Heading>
        <Flex gap="4" wrap="wrap">
          {statusCounts(summary.by_status).map((s) => (
            <Flex key={s.label} align="center" gap="2">
              <StatusBadge status={s.label as AssociateStatus} />
              <Text weight="bold">{formatNumber(s.count)}</Text>
            </Flex>
          ))}
        </Flex>
      </Card>
      <Flex>
        <Button asChild variant="soft">
          <RouterLink to={teamViewPath(summary.view)}>
            Open the {TEAM_VIEW_LABELS[summary.view]} list <ArrowRightIcon aria-hidden />
          </RouterLink>
        </Button>
      </Flex>
    </Flex>
  );
}

/** team: the counts of every team view offered, for a period (this month by default). */
export function TeamDashboardPage() {
  const { period, shown, setPeriod } = usePeriod();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useGetTeamDashboard(periodParams(period), {
    query: { placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const views = query.data?.views ?? [];
  const selected =
    views.find((v) => v.view === searchParams.get('view')) ??
    views.find((v) => v.view !== 'Personal') ??
    views[0];
  const tabsRef = useActiveTabInView<HTMLDivElement>(selected?.view);
  const failure = query.isError ? errorDetails(query.error) : undefined;
  usePageTitle(failure ? errorTitle(failure) : 'Team dashboard');

  if (!query.isSuccess) return failure ? <ErrorPanel {...failure} /> : <CenteredSpinner />;

  const periodText = formatPeriod({ start: query.data.period_start, end: query.data.period_end });

  const selectView = (view: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('view', view);
    setSearchParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Team dashboard"
        description={`Your team views, ${periodText}`}
        actions={
          <PeriodPicker key={`${shown.start}/${shown.end}`} value={shown} onChange={setPeriod} />
        }
      />
      <Flex direction="column" gap="5" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <Grid columns={{ initial: '1', sm: '2', lg: String(Math.max(views.length, 1)) }} gap="4">
          {views.map((summary) => (
            <ViewCard key={summary.view} summary={summary} />
          ))}
        </Grid>
        {selected ? (
          <Tabs.Root value={selected.view} onValueChange={selectView}>
            <div ref={tabsRef}>
              <Tabs.List aria-label="Team view">
                {views.map((summary) => (
                  <Tabs.Trigger key={summary.view} value={summary.view}>
                    {TEAM_VIEW_LABELS[summary.view]}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
            </div>
            {views.map((summary) => (
              <Tabs.Content key={summary.view} value={summary.view}>
                <ViewDetails summary={summary} period={periodText} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        ) : (
          <Text color="gray">No team views are offered to you.</Text>
        )}
      </Flex>
    </>
  );
}
