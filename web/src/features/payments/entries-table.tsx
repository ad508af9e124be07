import { Flex, Table, Text } from '@radix-ui/themes';
import { Link } from 'react-router';
import type { CashflowEntry } from '@/api/gen/model/cashflowEntry';
import { ListTable, type ListQuery } from '@/components/list-table';
import { DoubleSortableHeader, SortButton, SortableHeader } from '@/components/sortable-header';
import { useBreakpoint } from '@/lib/breakpoint';
import { policyPath } from '@/lib/business-paths';
import { formatDate } from '@/lib/format';
import type { Listing } from '@/lib/listing-state';
import { cashflowEntryPath } from '@/lib/payments-paths';
import { EntryStatusBadge, SignedAmount } from './entry-parts';
import { KIND_LABELS, monthName } from './payments-labels';

export interface EntriesTableProps {
  caption: string;
  /** 'cashflow entries': 'The cashflow entries could not be loaded'. */
  noun: string;
  query: ListQuery & { isPlaceholderData: boolean };
  rows: readonly CashflowEntry[];
  listing: Listing;
  /** The fields the list sorts by (the contract's sortable fields among the columns). */
  sortable: ReadonlySet<string>;
  /** Staff reading everyone's entries: whose each entry is. */
  showAssociate: boolean;
  emptyText: string;
}

type Field = readonly [field: string, label: string];

const CATEGORY: Field = ['category', 'Category'];
const BONUS_TYPE: Field = ['bonus_type', 'Bonus type'];
const OCCURRED: Field = ['occurred_on', 'Occurred'];
const PERIOD: Field = ['period', 'Period'];
const STATUS: Field = ['status', 'Status'];
const AMOUNT: Field = ['amount_cents', 'Amount'];

function PolicyLink({ entry: e }: { entry: CashflowEntry }) {
  return e.policy_id !== undefined && e.policy_number ? (
    <Link
      className="row-link nowrap"
      to={policyPath({ id: e.policy_id, policy_number: e.policy_number })}
    >
      {e.policy_number}
    </Link>
  ) : (
    <Text color="gray">—</Text>
  );
}

function Status({ entry: e }: { entry: CashflowEntry }) {
  return (
    <Flex gap="1" align="center" wrap="wrap">
      <EntryStatusBadge status={e.status} />
      {e.settled ? (
        <Text size="1" color="gray" className="nowrap">
          On a statement
        </Text>
      ) : null}
    </Flex>
  );
}

/**
 * The entries of a payments list: each names its kind (linking to the entry and why it is
 * what it is) and its signed amount first, so that they stay in view when the table scrolls
 * inside its card, then its status, category and bonus type, policy and dates. On a screen of
 * 768 px or less each entry is one stacked cell, its amount beside its kind.
 */
export function EntriesTable({
  caption,
  noun,
  query,
  rows,
  listing,
  sortable,
  showAssociate,
  emptyText,
}: EntriesTableProps) {
  const narrow = useBreakpoint() === 'sm';
  const { state, toggleSort } = listing;
  const sortBy = ([field, label]: Field) =>
    sortable.has(field) ? (
      <SortButton key={field} field={field} order={state.order} onSort={toggleSort}>
        {label}
      </SortButton>
    ) : (
      <span key={field}>{label}</span>
    );
  /** One column over two fields (a category and its bonus type), one over the other, each
   *  sortable if it may be. */
  const pair = ([a, aLabel]: Field, [b, bLabel]: Field) => (
    <DoubleSortableHeader
      stacked
      fields={[
        { field: a, label: aLabel, sortable: sortable.has(a) },
        { field: b, label: bLabel, sortable: sortable.has(b) },
      ]}
      order={state.order}
      onSort={toggleSort}
    />
  );
  const single = ([field, label]: Field, align?: 'right') =>
    sortable.has(field) ? (
      <SortableHeader field={field} order={state.order} onSort={toggleSort} align={align}>
        {label}
      </SortableHeader>
    ) : (
      <Table.ColumnHeaderCell align={align}>{label}</Table.ColumnHeaderCell>
    );
  const sorts = [OCCURRED, AMOUNT, PERIOD, CATEGORY, BONUS_TYPE, STATUS].filter(([f]) =>
    sortable.has(f),
  );
  const dim = { opacity: query.isPlaceholderData ? 0.6 : 1 };

  return (
    <ListTable
      caption={caption}
      noun={noun}
      query={query}
      count={rows.length}
      columns={narrow ? 1 : showAssociate ? 7 : 6}
      header={
        narrow ? (
          <Table.ColumnHeaderCell>
            <Flex gap="3" wrap="wrap" align="center">
              <span>Entry</span>
              {sorts.length > 0 ? (
                <Text size="1" weight="regular" color="gray">
                  Sort by
                </Text>
              ) : null}
              {sorts.map(sortBy)}
            </Flex>
          </Table.ColumnHeaderCell>
        ) : (
          <>
            <Table.ColumnHeaderCell>Entry</Table.ColumnHeaderCell>
            {showAssociate ? <Table.ColumnHeaderCell>Associate</Table.ColumnHeaderCell> : null}
            {single(AMOUNT, 'right')}
            {single(STATUS)}
            {pair(CATEGORY, BONUS_TYPE)}
            <Table.ColumnHeaderCell>Policy</Table.ColumnHeaderCell>
            {pair(OCCURRED, PERIOD)}
          </>
        )
      }
      loadingLabel={`Loading ${noun}…`}
      emptyTitle={`No ${noun} found`}
      emptyText={emptyText}
    >
      {rows.map((e) => {
        const kind = (
          <Link className="row-link" to={cashflowEntryPath(e.id)}>
            {KIND_LABELS[e.kind]}
          </Link>
        );
        const amount = <SignedAmount cents={e.amount_cents} direction={e.direction} />;
        if (narrow) {
          return (
            <Table.Row key={e.id} style={dim}>
              <Table.RowHeaderCell>
                <Flex direction="column" gap="1">
                  <Flex justify="between" gap="3" align="baseline">
                    {kind}
                    {amount}
                  </Flex>
                  <Text as="div" size="2">
                    {e.category} · {e.bonus_type}
                    {e.policy_number ? ' · ' : ''}
                    {e.policy_number ? <PolicyLink entry={e} /> : null}
                  </Text>
                  <Flex justify="between" gap="3" align="center" wrap="wrap">
                    <Text size="1" color="gray">
                      {formatDate(e.occurred_on)} · counts in {monthName(e.period)}
                      {showAssociate ? ` · ${e.associate_name} (${e.associate_code})` : ''}
                    </Text>
                    <Status entry={e} />
                  </Flex>
                </Flex>
              </Table.RowHeaderCell>
            </Table.Row>
          );
        }
        return (
          <Table.Row key={e.id} style={dim}>
            <Table.RowHeaderCell>{kind}</Table.RowHeaderCell>
            {showAssociate ? (
              <Table.Cell className="nowrap">
                <Text title={e.associate_name}>{e.associate_code}</Text>
              </Table.Cell>
            ) : null}
            <Table.Cell align="right">{amount}</Table.Cell>
            <Table.Cell>
              <Status entry={e} />
            </Table.Cell>
            <Table.Cell>
              <Flex direction="column">
                <Text>{e.category}</Text>
                <Text size="1" color="gray">
                  {e.bonus_type}
                </Text>
              </Flex>
            </Table.Cell>
            <Table.Cell>
              <PolicyLink entry={e} />
            </Table.Cell>
            <Table.Cell>
              <Flex direction="column">
                <Text className="nowrap">{formatDate(e.occurred_on)}</Text>
                <Text size="1" color="gray" className="nowrap">
                  {monthName(e.period)}
                </Text>
              </Flex>
            </Table.Cell>
          </Table.Row>
        );
      })}
    </ListTable>
  );
}
