import { PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Card, Flex, Table, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useGetAccess } from '@/api/gen/endpoints/access/access';
import { useListClients } from '@/api/gen/endpoints/clients/clients';
import { listClients } from '@/api/lists.gen';
import { ClientLookup } from '@/components/client-lookup';
import { DownloadMenu } from '@/components/download-menu';
import { ErrorCallout } from '@/components/error-callout';
import { FilterToggle } from '@/components/filter-toggle';
import { PageHeader } from '@/components/page-header';
import { ListTableBody } from '@/components/list-table-body';
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
import { ClientFilterPanel } from './client-filter-panel';
import { CLIENT_CREATE_PATH, clientPath } from './paths';
import { useDownloadClients } from './use-download-clients';

const DEFAULT_ORDER: Order = { created_at: 'DESC' };

/** business/clients: filters, sortable columns, limit + 1 paging and downloads, all in the URL. */
export function ClientsListPage() {
  usePageTitle('Clients');
  const navigate = useNavigate();
  const access = useGetAccess({ query: { staleTime: 60_000, meta: { toast: false } } });
  // Staff read clients but own none: only associates add clients.
  const canCreate = Boolean(access.data?.user.code);
  const listing = useListingState({ order: DEFAULT_ORDER });
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
          access.data && !access.data.user.code
            ? 'The clients your staff account may see.'
            : 'Your clients and the clients of your downline.'
        }
        actions={
          <>
            <DownloadMenu onDownload={download.mutate} pending={download.isPending} />
            {canCreate ? (
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

      {query.isError && rows.length > 0 ? (
        <ErrorCallout error={query.error} title="The clients could not be refreshed" />
      ) : null}

      <Card size="1" style={{ padding: 0 }}>
        <Table.Root variant="ghost" size="2" aria-busy={query.isFetching}>
          <caption className="sr-only">Clients</caption>
          <Table.Header>
            <Table.Row>
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
            </Table.Row>
          </Table.Header>
          <ListTableBody
            columns={7}
            pending={query.isPending}
            empty={rows.length === 0}
            loadingLabel="Loading clients…"
            error={query.isError ? query.error : undefined}
            errorTitle="The clients could not be loaded"
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            emptyTitle="No clients found"
            emptyText={
              filters > 0
                ? 'No client matches these filters.'
                : canCreate
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
          </ListTableBody>
        </Table.Root>
      </Card>

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
