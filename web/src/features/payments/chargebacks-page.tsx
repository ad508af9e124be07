import { Card, Flex } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useListChargebacks } from '@/api/gen/endpoints/payments/payments';
import { listChargebacks } from '@/api/lists.gen';
import { FilterToggle } from '@/components/filter-toggle';
import { PageHeader } from '@/components/page-header';
import { ListingPagination } from '@/components/pagination';
import {
  activeFilterCount,
  pageRows,
  sortableFields,
  toQueryParams,
  useListingState,
} from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { ChargebackFilterPanel } from './chargeback-filter-panel';
import { EntriesTable } from './entries-table';

const SORTABLE = sortableFields(listChargebacks);

/** payments/chargebacks: what lapses took back (Chargeback Escrow from the escrow held, and
 *  Chargeback debits), with filters, sortable columns and paging in the URL. */
export function ChargebacksPage() {
  usePageTitle('Chargebacks', 'Payments');
  const { isStaff, readsAllPayments } = useAccess();
  const listing = useListingState(listChargebacks);
  const { state } = listing;
  const filters = activeFilterCount(state.filter);
  const [showFilters, setShowFilters] = useState(filters > 0);
  const query = useListChargebacks(toQueryParams(state, listChargebacks), {
    query: { placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);

  return (
    <>
      <PageHeader
        title="Chargebacks"
        description={
          readsAllPayments
            ? 'The chargebacks of every associate.'
            : isStaff
              ? undefined
              : 'What lapsed policies took back: first from the escrow held (Chargeback Escrow), the rest as a debit netted against later pay (Chargeback).'
        }
      />

      <Flex gap="3" mb="4" align="end" wrap="wrap">
        <FilterToggle
          open={showFilters}
          onToggle={() => setShowFilters((v) => !v)}
          count={filters}
          controls="chargeback-filters"
        />
      </Flex>

      {showFilters ? (
        <Card size="2" mb="4" id="chargeback-filters">
          <ChargebackFilterPanel
            key={JSON.stringify(state.filter)}
            filter={state.filter}
            onApply={listing.setFilter}
            byAssociate={readsAllPayments}
          />
        </Card>
      ) : null}

      <EntriesTable
        caption="Chargebacks"
        noun="chargebacks"
        query={query}
        rows={rows}
        listing={listing}
        sortable={SORTABLE}
        showAssociate={readsAllPayments}
        emptyText={
          filters > 0 ? 'No chargeback matches these filters.' : 'There are no chargebacks to show.'
        }
      />

      <ListingPagination
        listing={listing}
        nextCursor={query.data?.next_cursor}
        count={rows.length}
        hasNext={hasNext}
        disabled={query.isFetching}
      />
    </>
  );
}
