import { Badge, Card, Flex, Grid, Heading, Progress, Table, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useGetBusinessDashboard } from '@/api/gen/endpoints/business/business';
import type { Amounts } from '@/api/gen/model/amounts';
import type { ScholarshipProgress } from '@/api/gen/model/scholarshipProgress';
import { CenteredSpinner } from '@/components/centered-spinner';
import { BarChart, ColumnChart } from '@/components/charts';
import { ChoiceSelect } from '@/components/choice-select';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { FigureCard, FigureValue } from '@/components/figure-card';
import { BUSINESS_PATH, policyPath } from '@/lib/business-paths';
import { monthColumns } from '@/lib/chart';
import { errorDetails } from '@/lib/errors';
import { withSearchParam } from '@/lib/search';
import { formatCurrency, formatCurrencyCompact, formatDate, formatNumber } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { formatPeriod, periodParams, usePeriod } from '@/lib/period';
import { PeriodPicker } from '@/components/period-picker';
import { PageHeader } from '@/components/page-header';
import { TEAM_VIEW_LABELS, isTeamView, teamViews } from '@/lib/team-views';
import { useAccess } from '@/lib/use-access';
import { DataTable } from '@/components/data-table';

/** A figure card: the BV, with premium and policies under it. */
function AmountsCard({ title, amounts, to }: { title: string; amounts: Amounts; to?: string }) {
  return (
    <FigureCard
      title={title}
      to={to}
      note={`BV · ${formatCurrency(amounts.premium_cents)} premium · ${formatNumber(amounts.policies)} ${amounts.policies === 1 ? 'policy' : 'policies'}`}
    >
      <FigureValue>{formatCurrency(amounts.bv_cents)}</FigureValue>
    </FigureCard>
  );
}

/** How far an associate is towards a scholarship: recruits and BV against the targets. */
function Scholarship({ program }: { program: ScholarshipProgress }) {
  const recruits = Math.min(100, (program.recruits / Math.max(program.recruits_target, 1)) * 100);
  const bv = Math.min(100, (program.bv_cents / Math.max(program.bv_target_cents, 1)) * 100);
  return (
    <Card size="2">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center" gap="2">
          <Heading as="h3" size="3">
            {program.name}
          </Heading>
          {program.reached ? (
            <Badge color="green">Reached</Badge>
          ) : (
            <Badge color="gray" variant="soft">
              {formatCurrency(program.award_cents)}
            </Badge>
          )}
        </Flex>
        <Text size="1" color="gray">
          {formatDate(program.window_start)} – {formatDate(program.window_end)}
        </Text>
        <Text size="2">
          Recruits {formatNumber(program.recruits)} of {formatNumber(program.recruits_target)}
        </Text>
        <Progress value={recruits} aria-label={`${program.name} recruits`} />
        <Text size="2">
          BV {formatCurrency(program.bv_cents)} of {formatCurrency(program.bv_target_cents)}
        </Text>
        <Progress value={bv} aria-label={`${program.name} BV`} />
      </Flex>
    </Card>
  );
}

/** business/dashboard: production of a view for a period, by status, category, view and
 *  month; the caller's open requirements and scholarship progress. */
export function BusinessDashboardPage() {
  const { user } = useAccess();
  const { period, shown, setPeriod } = usePeriod();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const offered = teamViews(user?.is_senior_level ?? false);
  const asked = searchParams.get('view') ?? undefined;
  const view = isTeamView(asked) && offered.includes(asked) ? asked : 'Personal';
  const query = useGetBusinessDashboard(
    { view, ...periodParams(period) },
    { query: { placeholderData: keepPreviousData, meta: { toast: false } } },
  );
  const failure = query.isError ? errorDetails(query.error) : undefined;
  usePageTitle(failure ? errorTitle(failure) : 'Business dashboard', 'Business');

  if (!query.isSuccess) return failure ? <ErrorPanel {...failure} /> : <CenteredSpinner />;
  const d = query.data;
  const periodText = formatPeriod({ start: d.period_start, end: d.period_end });
  const listOf = (v: string) => `${BUSINESS_PATH}?view=${v}`;

  const selectView = (next: string) =>
    navigate({ search: `?${withSearchParam(location.search, 'view', next)}` }, { replace: true });

  return (
    <>
      <PageHeader
        title="Business dashboard"
        description={`${TEAM_VIEW_LABELS[view]} production, ${periodText}`}
        actions={
          <Flex gap="2" align="center" wrap="wrap">
            <label htmlFor="business-view" className="sr-only">
              Team view
            </label>
            <ChoiceSelect
              id="business-view"
              value={view}
              onChange={selectView}
              choices={offered.map((v) => ({ value: v, label: TEAM_VIEW_LABELS[v] }))}
            />
            <PeriodPicker key={`${shown.start}/${shown.end}`} value={shown} onChange={setPeriod} />
          </Flex>
        }
      />
      <Flex direction="column" gap="5" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <Grid
          columns={{ initial: '1', sm: '2', lg: String(Math.max(d.by_view.length, 1)) }}
          gap="4"
        >
          {d.by_view.map((v) => (
            <AmountsCard
              key={v.label}
              title={isTeamView(v.label) ? TEAM_VIEW_LABELS[v.label] : v.label}
              amounts={v.amounts}
              to={listOf(v.label)}
            />
          ))}
        </Grid>
        <Grid columns={{ initial: '1', md: '2' }} gap="4">
          <Card size="3">
            <BarChart
              title="BV by status"
              description={`Submitted ${periodText}; lapsed policies apart`}
              data={d.by_status.map((s) => ({ label: s.label, value: s.amounts.bv_cents }))}
              categoryLabel="Status"
              valueLabel="BV"
              format={formatCurrency}
            />
          </Card>
          <Card size="3">
            <BarChart
              title="BV by category"
              description={`${formatCurrency(d.totals.bv_cents)} in force or under way`}
              data={d.by_category.map((c) => ({ label: c.label, value: c.amounts.bv_cents }))}
              categoryLabel="Category"
              valueLabel="BV"
              format={formatCurrency}
            />
          </Card>
        </Grid>
        <Card size="3">
          <ColumnChart
            title="BV over 12 months"
            description="By month of submission, lapsed policies left out"
            data={monthColumns(
              d.by_month,
              (m) => m.label,
              (m) => m.amounts.bv_cents,
            )}
            categoryLabel="Month"
            valueLabel="BV"
            format={formatCurrencyCompact}
          />
        </Card>
        <Card size="3">
          <Heading as="h2" size="3" mb="3">
            Pending requirements
          </Heading>
          {d.pending_requirements.length === 0 ? (
            <Text color="gray" size="2">
              No open requirements on your policies.
            </Text>
          ) : (
            <DataTable label="Open requirements on your policies" size="1" variant="ghost">
              <caption className="sr-only">Open requirements on your policies</caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Policy</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Client</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Requirement</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Due</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {d.pending_requirements.map((r) => (
                  <Table.Row key={r.requirement_id}>
                    <Table.RowHeaderCell>
                      <RouterLink
                        className="row-link nowrap"
                        to={policyPath({ id: r.policy_id, policy_number: r.policy_number })}
                      >
                        {r.policy_number}
                      </RouterLink>
                    </Table.RowHeaderCell>
                    <Table.Cell className="nowrap">{r.client_name}</Table.Cell>
                    <Table.Cell>{r.name}</Table.Cell>
                    <Table.Cell className="nowrap">
                      {r.due_on ? formatDate(r.due_on) : '—'}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </DataTable>
          )}
        </Card>
        <section aria-labelledby="scholarships">
          <Heading as="h2" size="4" mb="3" id="scholarships">
            Scholarship programs
          </Heading>
          <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="4">
            {d.scholarships.map((p) => (
              <Scholarship key={p.code} program={p} />
            ))}
          </Grid>
        </section>
      </Flex>
    </>
  );
}
