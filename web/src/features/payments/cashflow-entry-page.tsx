import { Badge, Card, DataList, Flex, Grid, Heading, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetCashflowEntry } from '@/api/gen/endpoints/payments/payments';
import type { CashflowEntry } from '@/api/gen/model/cashflowEntry';
import type { CashflowEntryDetail } from '@/api/gen/model/cashflowEntryDetail';
import type { EntryLine } from '@/api/gen/model/entryLine';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { DetailField } from '@/components/detail-field';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { policyPath } from '@/lib/business-paths';
import { errorDetails, type ErrorDetails } from '@/lib/errors';
import { formatCurrency, formatDate, formatRate, formatSigned } from '@/lib/format';
import { parsePositiveId } from '@/lib/ids';
import { usePageTitle } from '@/lib/page-title';
import { CASHFLOW_PATH, PAYMENTS_PATH, cashflowEntryPath } from '@/lib/payments-paths';
import { useAccess } from '@/lib/use-access';
import { DirectionBadge, EntryStatusBadge, SignedAmount } from './entry-parts';
import { KIND_LABELS, monthName } from './payments-labels';

/** The upline chain of a line, from the writer to the earner. */
function Chain({ codes }: { codes: readonly string[] }) {
  const last = codes.length - 1;
  return (
    <ol className="entry-chain" aria-label="Chain from the writer up to the earner">
      {codes.map((code, i) => (
        <li key={`${i}-${code}`}>
          <Text weight={i === 0 || i === last ? 'medium' : 'regular'}>{code}</Text>
          {i === 0 || i === last ? (
            <Text size="1" color="gray">
              {' '}
              ({[i === 0 ? 'writer' : '', i === last ? 'earner' : ''].filter(Boolean).join(', ')})
            </Text>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** How the calculator made the line, as of the sale date. */
function LineCard({ line, saleDate }: { line: EntryLine; saleDate?: string }) {
  return (
    <Card size="3">
      <Heading as="h2" size="3" mb="1">
        The line
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        {saleDate
          ? `Calculated with the hierarchy and levels as of the sale date, ${formatDate(saleDate)}.`
          : 'Calculated with the hierarchy and levels as of the sale date.'}
      </Text>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <DetailField label="Rule">{line.rule}</DetailField>
        <DetailField label="Level">{line.level}</DetailField>
        <DetailField label="Level rate">{formatRate(line.earner_rate_bp)}</DetailField>
        {line.below_rate_bp !== undefined ? (
          <DetailField label="Already paid below">{formatRate(line.below_rate_bp)}</DetailField>
        ) : null}
        <DetailField label="Rate applied">{formatRate(line.rate_bp)}</DetailField>
        {line.generation !== undefined ? (
          <DetailField label="Generation">{String(line.generation)}</DetailField>
        ) : null}
        {line.leader ? <DetailField label="Writer's leader">{line.leader}</DetailField> : null}
        {line.inactive ? <DetailField label="Inactive leader">{line.inactive}</DetailField> : null}
        <DetailField label="Commissionable">
          {formatCurrency(line.commissionable_cents)}
        </DetailField>
        <DetailField label="Writer's share">{formatRate(line.share_bp)}</DetailField>
        <DetailField label="Base">{formatCurrency(line.base_cents)}</DetailField>
        <DetailField label="Line earning">{formatCurrency(line.earning_cents)}</DetailField>
        <DetailField label="Chain">
          {line.chain.length > 0 ? <Chain codes={line.chain} /> : ''}
        </DetailField>
      </DataList.Root>
    </Card>
  );
}

/** Every entry of the line in order, the one shown marked, and what they add up to. */
function LineTimeline({
  entries,
  current,
}: {
  entries: readonly CashflowEntry[];
  current: number;
}) {
  const total = entries.reduce((sum, e) => sum + e.amount_cents, 0);
  return (
    <Card size="3">
      <Heading as="h2" size="3" mb="3" id="entry-timeline">
        The line&apos;s entries
      </Heading>
      <ol className="entry-timeline" aria-labelledby="entry-timeline">
        {entries.map((e) => {
          const here = e.id === current;
          return (
            <li
              key={e.id}
              data-current={here || undefined}
              aria-current={here ? 'true' : undefined}
            >
              <span className="entry-timeline-dot" aria-hidden />
              <Flex justify="between" gap="3" wrap="wrap" flexGrow="1">
                <Flex direction="column" gap="1">
                  <Flex gap="2" align="center" wrap="wrap">
                    {here ? (
                      <Text weight="bold">{KIND_LABELS[e.kind]}</Text>
                    ) : (
                      <Link asChild weight="medium">
                        <RouterLink to={cashflowEntryPath(e.id)}>{KIND_LABELS[e.kind]}</RouterLink>
                      </Link>
                    )}
                    {here ? (
                      <Badge color="blue" variant="soft">
                        This entry
                      </Badge>
                    ) : null}
                  </Flex>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text size="1" color="gray">
                      {formatDate(e.occurred_on)}
                    </Text>
                    <EntryStatusBadge status={e.status} />
                  </Flex>
                </Flex>
                <SignedAmount cents={e.amount_cents} direction={e.direction} />
              </Flex>
            </li>
          );
        })}
      </ol>
      {entries.length > 1 ? (
        <Flex justify="between" gap="3" mt="3" className="entry-timeline-total">
          <Text weight="bold">The line keeps</Text>
          <Text weight="bold" className="nowrap">
            {formatSigned(total)}
          </Text>
        </Flex>
      ) : null}
    </Card>
  );
}

function lapseText(month: number): string {
  return month === 0
    ? 'The policy was cancelled in its free look: it keeps nothing.'
    : `The policy lapsed in policy month ${month}: each line keeps ${month}/12 of its earning.`;
}

function EntryDetail({ d }: { d: CashflowEntryDetail }) {
  const e = d.entry;
  const p = d.policy;
  return (
    <>
      <PageHeader
        title={`${KIND_LABELS[e.kind]} · ${e.bonus_type}`}
        description={
          <Flex gap="2" align="center" wrap="wrap" asChild>
            <span>
              <EntryStatusBadge status={e.status} />
              {/* A chargeback status says the direction already. */}
              {e.status.startsWith('Chargeback') ? null : (
                <DirectionBadge direction={e.direction} />
              )}
              <Badge color="gray" variant="soft">
                {e.category}
              </Badge>
              {e.settled ? (
                <Badge color="gray" variant="outline">
                  On a pay statement
                </Badge>
              ) : null}
            </span>
          </Flex>
        }
      />
      <Flex direction="column" gap="4">
        <Card size="3" className="entry-why">
          <Flex direction="column" gap="3">
            <Flex justify="between" gap="4" wrap="wrap" align="start">
              <Flex direction="column" gap="1">
                <Text size="2" color="gray">
                  Amount
                </Text>
                <SignedAmount
                  cents={e.amount_cents}
                  direction={e.direction}
                  size="8"
                  weight="bold"
                />
                <Text size="2" color="gray">
                  of a line earning {formatCurrency(e.earning_cents)}
                </Text>
              </Flex>
              <DataList.Root orientation="horizontal" size="2">
                <DetailField label="Occurred">{formatDate(e.occurred_on)}</DetailField>
                <DetailField label="Counts in">{monthName(e.period)}</DetailField>
                <DetailField label="Associate">{`${e.associate_name} (${e.associate_code})`}</DetailField>
              </DataList.Root>
            </Flex>
            <section aria-labelledby="entry-why">
              <Heading as="h2" size="4" mb="2" id="entry-why">
                Why this amount
              </Heading>
              <Text as="p" size="4" className="entry-explanation">
                {d.explanation}
              </Text>
              {d.lapse_month !== undefined ? (
                <Text as="p" size="2" mt="2">
                  {lapseText(d.lapse_month)}
                </Text>
              ) : null}
            </section>
          </Flex>
        </Card>
        <Grid columns={{ initial: '1', md: '2' }} gap="4">
          {d.line ? <LineCard line={d.line} saleDate={p?.submitted_on} /> : null}
          {p ? (
            <Card size="3">
              <Heading as="h2" size="3" mb="4">
                Policy
              </Heading>
              <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
                <DetailField label="Policy number">
                  <Link asChild>
                    <RouterLink to={policyPath(p)}>{p.policy_number}</RouterLink>
                  </Link>
                </DetailField>
                <DetailField label="Provider">{p.provider_name}</DetailField>
                <DetailField label="Product">{p.product_name}</DetailField>
                <DetailField label="Sale date">{formatDate(p.submitted_on)}</DetailField>
                <DetailField label="Approved">{formatDate(p.approved_on)}</DetailField>
                {p.lapsed_on ? (
                  <DetailField label="Lapsed">{formatDate(p.lapsed_on)}</DetailField>
                ) : null}
              </DataList.Root>
            </Card>
          ) : null}
        </Grid>
        {d.line_entries.length > 0 ? (
          <LineTimeline entries={d.line_entries} current={e.id} />
        ) : null}
      </Flex>
    </>
  );
}

/** payments/cashflow/:id — one entry: its amount and status, why it is what it is, the line
 *  it belongs to (rule, level and rates as of the sale date, the chain), its policy, and every
 *  entry of the line. */
export function CashflowEntryPage() {
  const { id = '' } = useParams();
  const { canReadPayments } = useAccess();
  const entryId = parsePositiveId(id);
  const query = useGetCashflowEntry(entryId ?? 0, {
    query: { enabled: entryId !== undefined, meta: { toast: false } },
  });
  let failure: ErrorDetails | undefined;
  if (entryId === undefined) failure = { status: 404, message: `Entry ${id} not found` };
  else if (query.isError) failure = errorDetails(query.error);
  usePageTitle(...(failure ? [errorTitle(failure)] : [`Cashflow entry ${id}`, 'Payments']));

  if (failure) {
    // The way back is the list, for those who may read it (staff without payments.read
    // may not: the panel offers the page before, or the dashboard).
    const back = canReadPayments ? { to: CASHFLOW_PATH, label: 'Back to cashflow' } : undefined;
    return <ErrorPanel {...failure} back={back} />;
  }
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Payments', to: PAYMENTS_PATH },
          { label: 'Cashflow', to: CASHFLOW_PATH },
          { label: `Entry ${id}` },
        ]}
      />
      {query.data ? <EntryDetail d={query.data} /> : <CenteredSpinner label="Loading the entry" />}
    </>
  );
}
