import { Box, Card, DataList, Flex, Grid, Heading, Table, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useGetPaymentsDashboard } from '@/api/gen/endpoints/payments/payments';
import type { PaymentsDashboard } from '@/api/gen/model/paymentsDashboard';
import { AssociateLookup } from '@/components/associate-lookup';
import { CenteredSpinner } from '@/components/centered-spinner';
import { GroupedColumnChart } from '@/components/charts';
import { DataTable } from '@/components/data-table';
import { DetailField } from '@/components/detail-field';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { FigureCard, FigureValue } from '@/components/figure-card';
import { PageHeader } from '@/components/page-header';
import { PeriodPicker } from '@/components/period-picker';
import { monthLabel } from '@/lib/chart';
import { NO_STAFF_PERMISSION, errorDetails } from '@/lib/errors';
import { formatCurrency, formatNumber } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { CASHFLOW_PATH, CHARGEBACKS_PATH, PAYMENTS_PATH } from '@/lib/payments-paths';
import { formatPeriod, periodParams, usePeriod } from '@/lib/period';
import { encodeSearch, withSearchParam } from '@/lib/search';
import { useAccess } from '@/lib/use-access';
import { SignedAmount, asReclaim } from './entry-parts';
import { CATEGORIES, monthName } from './payments-labels';

const ASSOCIATE_PARAM = 'associate_code';

/** Money shown as a figure's value. */
function Money({ cents }: { cents: number }) {
  return <FigureValue>{formatCurrency(cents)}</FigureValue>;
}

/** Money taken back, always shown with its minus sign (the contract's ≤ 0 figures). */
function Reclaim({ cents, size = '6' }: { cents: number; size?: '2' | '6' }) {
  return (
    <SignedAmount
      cents={asReclaim(cents)}
      direction="Chargeback"
      size={size}
      weight={size === '6' ? 'bold' : 'medium'}
    />
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Heading as="h2" size="4" mb="3" id={id}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** The escrow due to be released, month by month, with the total. */
function EscrowCalendar({ d }: { d: PaymentsDashboard }) {
  const months = [...d.escrow_calendar].sort((a, b) => a.month.localeCompare(b.month));
  const total = months.reduce((sum, m) => sum + m.amount_cents, 0);
  return (
    <Card size="3">
      <Heading as="h2" size="3" mb="1">
        Escrow release calendar
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        Escrow held is released in three parts at the start of policy months 10, 11 and 12 while the
        policy stays in force.
      </Text>
      {total === 0 ? (
        <Text size="2" color="gray">
          No escrow is due to be released in the next 12 months.
        </Text>
      ) : (
        <DataTable label="Escrow due in the next 12 months" size="1" variant="ghost">
          <caption className="sr-only">Escrow due in the next 12 months</caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Month</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell align="right">Lines</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell align="right">Released</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {months.map((m) => (
              <Table.Row key={m.month}>
                <Table.RowHeaderCell className="nowrap">{monthName(m.month)}</Table.RowHeaderCell>
                <Table.Cell align="right">{formatNumber(m.lines)}</Table.Cell>
                <Table.Cell align="right" className="nowrap">
                  {formatCurrency(m.amount_cents)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <tfoot>
            <Table.Row>
              <Table.RowHeaderCell colSpan={2}>
                <Text weight="bold">Total</Text>
              </Table.RowHeaderCell>
              <Table.Cell align="right" className="nowrap">
                <Text weight="bold">{formatCurrency(total)}</Text>
              </Table.Cell>
            </Table.Row>
          </tfoot>
        </DataTable>
      )}
    </Card>
  );
}

/** What a lapse this month of every policy still in its first year would take back. */
function Exposure({ d }: { d: PaymentsDashboard }) {
  const e = d.exposure;
  return (
    <Card size="3">
      <Heading as="h2" size="3" mb="1">
        Chargeback exposure
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        What a lapse this month would take back, if every policy still in its first 12 months
        lapsed.
      </Text>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <DetailField label="Taken back">
          <Reclaim cents={e.amount_cents} size="2" />
        </DetailField>
        <DetailField label="From escrow held">
          <Reclaim cents={e.from_escrow_cents} size="2" />
        </DetailField>
        <DetailField label="As a debit">
          <Reclaim cents={e.debit_cents} size="2" />
        </DetailField>
        <DetailField label="Policies">{`${formatNumber(e.policies)} in their first 12 months`}</DetailField>
      </DataList.Root>
    </Card>
  );
}

function Dashboard({ d, associate }: { d: PaymentsDashboard; associate?: string }) {
  const periodText = formatPeriod({ start: d.period_start, end: d.period_end });
  const amountOf = (category: string) =>
    d.earnings.find((e) => e.category === category)?.amount_cents ?? 0;
  const mine: [string, string][] = associate ? [['filter[associate_code][eq]', associate]] : [];
  const entriesOf = (category: string) =>
    `${CASHFLOW_PATH}?${encodeSearch([
      ['filter[occurred_on][gte]', d.period_start],
      ['filter[occurred_on][lte]', d.period_end],
      ['filter[category][in][]', category],
      ['filter[direction][eq]', 'Compensation'],
      ...mine,
    ])}`;
  const chargebacksPath = associate
    ? `${CHARGEBACKS_PATH}?${encodeSearch(mine)}`
    : CHARGEBACKS_PATH;
  const months = [...d.months].sort((a, b) => a.month.localeCompare(b.month));
  return (
    <Flex direction="column" gap="5">
      <Section id="payments-period" title={`The period, ${periodText}`}>
        <Grid columns={{ initial: '1', sm: '2' }} gap="4" mb="4">
          <FigureCard title="Earnings" note="Compensation of the period, every category">
            <Money cents={d.earnings_cents} />
          </FigureCard>
          <FigureCard
            title="Chargebacks"
            to={chargebacksPath}
            note="Taken back by lapses in the period"
          >
            <Reclaim cents={d.chargebacks_cents} />
          </FigureCard>
        </Grid>
        <Grid columns={{ initial: '1', sm: '2', lg: '4' }} gap="4">
          {CATEGORIES.map((c) => (
            <FigureCard key={c} title={c} to={entriesOf(c)} note={`${c} earnings`}>
              <Money cents={amountOf(c)} />
            </FigureCard>
          ))}
        </Grid>
      </Section>
      <Section id="payments-balances" title="Balances">
        <Grid columns={{ initial: '1', sm: '2', lg: '4' }} gap="4">
          <FigureCard title="Pending" note="Earned, not paid yet">
            <Money cents={d.balances.pending_cents} />
          </FigureCard>
          <FigureCard title="Escrow held" note="Released in policy months 10 to 12">
            <Money cents={d.balances.escrow_cents} />
          </FigureCard>
          <FigureCard title="Paid" note="Paid or payable: the provider's money is in">
            <Money cents={d.balances.paid_cents} />
          </FigureCard>
          <FigureCard title="Chargeback debt" note="Netted against later pay">
            <Reclaim cents={d.balances.chargeback_debt_cents} />
          </FigureCard>
        </Grid>
      </Section>
      <Card size="3">
        <GroupedColumnChart
          title="Compensation and chargebacks, 12 months"
          description="By month; chargebacks are drawn hatched"
          categories={months.map((m) => {
            const { short, long } = monthLabel(m.month.slice(0, 7));
            return { label: short, title: long };
          })}
          series={[
            { name: 'Compensation', values: months.map((m) => m.compensation_cents) },
            {
              name: 'Chargebacks',
              values: months.map((m) => asReclaim(m.chargeback_cents)),
              tone: 'negative',
            },
          ]}
          categoryLabel="Month"
          format={formatCurrency}
        />
      </Card>
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <EscrowCalendar d={d} />
        <Exposure d={d} />
      </Grid>
    </Flex>
  );
}

/** payments: the period's earnings by category and its chargebacks, the balances, 12 months
 *  of compensation against chargebacks, the escrow release calendar and the chargeback
 *  exposure. Staff with payments.read choose the associate whose dashboard it is. */
export function PaymentsDashboardPage() {
  const { isStaff, readsAllPayments } = useAccess();
  const { period, shown, setPeriod } = usePeriod();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const associate = readsAllPayments ? searchParams.get(ASSOCIATE_PARAM) || undefined : undefined;
  const enabled = !isStaff || associate !== undefined;
  const query = useGetPaymentsDashboard(
    { ...periodParams(period), ...(associate ? { associate_code: associate } : {}) },
    { query: { enabled, placeholderData: keepPreviousData, meta: { toast: false } } },
  );
  const failure = query.isError ? errorDetails(query.error) : undefined;
  usePageTitle(failure ? errorTitle(failure) : 'Payments dashboard', 'Payments');

  if (isStaff && !readsAllPayments) {
    return (
      <>
        <PageHeader title="Payments dashboard" />
        <Text as="p" color="gray">
          {NO_STAFF_PERMISSION}
        </Text>
      </>
    );
  }
  /** The dashboard's search with `code` as the associate (none: choosing), the period kept. */
  const searchWith = (code: string | undefined) => {
    const search = withSearchParam(location.search, ASSOCIATE_PARAM, code);
    return search ? `?${search}` : '';
  };
  if (failure) {
    // Staff whose associate is refused (a code that names nobody) go back to choosing one.
    const back = associate
      ? { to: `${PAYMENTS_PATH}${searchWith(undefined)}`, label: 'Choose another associate' }
      : undefined;
    return <ErrorPanel {...failure} back={back} />;
  }

  const chooseAssociate = (code: string | undefined) => {
    navigate({ search: searchWith(code) });
  };
  const d = query.data;
  const description = !d
    ? undefined
    : isStaff
      ? `${d.associate_name} (${d.associate_code})`
      : 'Your earnings, balances and chargebacks';

  return (
    <>
      <PageHeader
        title="Payments dashboard"
        description={description}
        actions={
          <Flex gap="3" align="end" wrap="wrap">
            {isStaff ? (
              <Box minWidth="240px">
                <AssociateLookup value={associate} onChange={chooseAssociate} />
              </Box>
            ) : null}
            <PeriodPicker key={`${shown.start}/${shown.end}`} value={shown} onChange={setPeriod} />
          </Flex>
        }
      />
      {!enabled ? (
        <Text as="p" color="gray">
          Choose an associate to see their payments.
        </Text>
      ) : !d ? (
        <CenteredSpinner label="Loading payments" />
      ) : (
        <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <Dashboard d={d} associate={associate} />
        </Box>
      )}
    </>
  );
}
