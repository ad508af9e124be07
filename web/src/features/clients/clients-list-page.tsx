import { Box, Button, Card, Flex, Table, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useListClients } from '@/api/gen/endpoints/clients/clients';
import { listClients } from '@/api/lists.gen';
import { ClientLookup } from '@/components/client-lookup';
import { DownloadMenu } from '@/components/download-menu';
import { FilterToggle } from '@/components/filter-toggle';
import { PlusIcon } from '@/components/icons/plus';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { ListingPagination } from '@/components/pagination';
import { SortableHeader } from '@/components/sortable-header';
import { formatCurrency, formatDate, formatPhone } from '@/lib/format';
import {
  activeFilterCount,
  pageRows,
  toQueryParams,
  useListingState,
  type Order,
} from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { ClientFilterPanel } from './client-filter-panel';
import { CLIENT_CREATE_PATH, clientPath } from './paths';
import { useDownloadClients } from './use-download-clients';

const DEFAULT_ORDER: Order = { created_at: 'DESC' };

/** business/clients: filters, sortable columns, limit + 1 paging and downloads, all in the URL. */
export function ClientsListPage() {
  usePageTitle('Clients');
  const navigate = useNavigate();
  // Staff read clients but own none: only associates add clients.
  const { isStaff, canOwnClients } = useAccess();
  const listing = useListingState(listClients, { order: DEFAULT_ORDER });
  const { state } = listing;
  const filters = activeFilterCount(state.filter);
  const [showFilters, setShowFilters] = useState(filters > 0);
  const query = useListClients(toQueryParams(state, listClients), {
    query: { placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const download = useDownloadClients(state);
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);

  return (
    <>
      <PageHeader
        title="Clients"
        description={
          isStaff
            ? 'The clients your staff account may see.'
            : 'Your clients and the clients of your downline.'
        }
        actions={
          <>
            <DownloadMenu onDownload={download.mutate} pending={download.isPending} />
            {canOwnClients ? (
              <Button asChild>
                <Link to={CLIENT_CREATE_PATH}>
                  <PlusIcon /> New client
                </Link>
              </Button>
            ) : null}
          </>
        }
      />

      <Flex gap="3" mb="4" align="end" wrap="wrap">
        <Box flexGrow="1" maxWidth="420px" minWidth="240px">
          <ClientLookup
            label="Find a client"
            value={undefined}
            clearOnSelect
            onChange={(id) => {
              if (id) navigate(clientPath(id));
            }}
          />
        </Box>
        <FilterToggle
          open={showFilters}
          onToggle={() => setShowFilters((v) => !v)}
          count={filters}
          controls="client-filters"
        />
      </Flex>

      {showFilters ? (
        <Card size="2" mb="4" id="client-filters">
          <ClientFilterPanel
            key={JSON.stringify(state.filter)}
            filter={state.filter}
            onApply={listing.setFilter}
          />
        </Card>
      ) : null}

      <ListTable
        caption="Clients"
        noun="clients"
        query={query}
        count={rows.length}
        columns={7}
        header={
          <>
            <SortableHeader field="last_name" order={state.order} onSort={listing.toggleSort}>
              Name
            </SortableHeader>
            <Table.ColumnHeaderCell>Phone</Table.ColumnHeaderCell>
            <SortableHeader field="city" order={state.order} onSort={listing.toggleSort}>
              City
            </SortableHeader>
            <SortableHeader field="state" order={state.order} onSort={listing.toggleSort}>
              State
            </SortableHeader>
            <SortableHeader
              field="annual_income"
              order={state.order}
              onSort={listing.toggleSort}
              align="right"
            >
              Annual income
            </SortableHeader>
            <Table.ColumnHeaderCell>Associate</Table.ColumnHeaderCell>
            <SortableHeader field="created_at" order={state.order} onSort={listing.toggleSort}>
              Created
            </SortableHeader>
          </>
        }
        loadingLabel="Loading clients…"
        emptyTitle="No clients found"
        emptyText={
          filters > 0
            ? 'No client matches these filters.'
            : canOwnClients
              ? 'Add your first client to get started.'
              : 'There are no clients to show.'
        }
      >
        {rows.map((client) => (
          <Table.Row key={client.id} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <Table.RowHeaderCell>
              <Flex direction="column">
                <Link className="row-link nowrap" to={clientPath(client.id)}>
                  {client.last_name}, {client.first_name}
                </Link>
                {client.email ? (
                  <Text size="1" color="gray" className="nowrap">
                    {client.email}
                  </Text>
                ) : null}
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell className="nowrap">
              {client.phone ? formatPhone(client.phone) : '—'}
            </Table.Cell>
            <Table.Cell className="nowrap">{client.city ?? '—'}</Table.Cell>
            <Table.Cell>{client.state ?? '—'}</Table.Cell>
            <Table.Cell align="right" className="nowrap">
              {client.annual_income !== undefined ? formatCurrency(client.annual_income) : '—'}
            </Table.Cell>
            <Table.Cell className="nowrap">
              <Text title={client.associate_name}>{client.associate_code}</Text>
            </Table.Cell>
            <Table.Cell className="nowrap">{formatDate(client.created_at)}</Table.Cell>
          </Table.Row>
        ))}
      </ListTable>

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
