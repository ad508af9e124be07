import { Card, Flex } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadCashflow, useListCashflow } from '@/api/gen/endpoints/payments/payments';
import { downloadCashflow as downloadCashflowList, listCashflow } from '@/api/lists.gen';
import { DownloadMenu } from '@/components/download-menu';
import { FilterToggle } from '@/components/filter-toggle';
import { PageHeader } from '@/components/page-header';
import { ListingPagination } from '@/components/pagination';
import { useDownload } from '@/lib/download';
import {
  activeFilterCount,
  pageRows,
  sortableFields,
  toFilterParams,
  toQueryParams,
  useListingState,
} from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { CashflowFilterPanel } from './cashflow-filter-panel';
import { EntriesTable } from './entries-table';

const SORTABLE = sortableFields(listCashflow);

/** payments/cashflow: the ledger's entries the caller may see, with filters, sortable
 *  columns, paging and downloads, all in the URL; each row opens its entry. */
export function CashflowListPage() {
  usePageTitle('Cashflow', 'Payments');
  const { isStaff, readsAllPayments } = useAccess();
  const listing = useListingState(listCashflow);
  const { state } = listing;
  const filters = activeFilterCount(state.filter);
  const [showFilters, setShowFilters] = useState(filters > 0);
  const query = useListCashflow(toQueryParams(state, listCashflow), {
    query: { placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const download = useDownload((format) =>
    downloadCashflow({ ...toFilterParams(state, downloadCashflowList), format }),
  );
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);
  const onePolicy = state.filter.policy_id?.eq !== undefined;

  return (
    <>
      <PageHeader
        title="Cashflow"
        description={
          onePolicy
            ? 'The entries of one policy: its advance, escrow, releases and any chargebacks.'
            : readsAllPayments
              ? 'The cashflow entries of every associate.'
              : isStaff
                ? undefined
                : 'Every entry of your earnings: advances, escrow and its releases, bonus pools and chargebacks.'
        }
        actions={<DownloadMenu onDownload={download.mutate} pending={download.isPending} />}
      />

      <Flex gap="3" mb="4" align="end" wrap="wrap">
        <FilterToggle
          open={showFilters}
          onToggle={() => setShowFilters((v) => !v)}
          count={filters}
          controls="cashflow-filters"
        />
      </Flex>

      {showFilters ? (
        <Card size="2" mb="4" id="cashflow-filters">
          <CashflowFilterPanel
            key={JSON.stringify(state.filter)}
            filter={state.filter}
            onApply={listing.setFilter}
            byAssociate={readsAllPayments}
          />
        </Card>
      ) : null}

      <EntriesTable
        caption="Cashflow entries"
        noun="cashflow entries"
        query={query}
        rows={rows}
        listing={listing}
        sortable={SORTABLE}
        showAssociate={readsAllPayments}
        emptyText={
          filters > 0
            ? 'No entry matches these filters.'
            : readsAllPayments
              ? 'Entries appear here once a policy is approved.'
              : 'Entries appear here once a policy you earn on is approved.'
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
