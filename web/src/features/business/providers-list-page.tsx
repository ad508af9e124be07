import { Avatar, Badge, Card, Flex, Table, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useListProviders } from '@/api/gen/endpoints/providers/providers';
import { Country } from '@/api/gen/model/country';
import { listProviders } from '@/api/lists.gen';
import { enumChoices } from '@/components/choice-select';
import { ChoiceFilter, FilterForm, TextFilter, useFilterForm } from '@/components/filter-form';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { ListingPagination } from '@/components/pagination';
import { SortableHeader } from '@/components/sortable-header';
import { formatNumber, initials } from '@/lib/format';
import {
  activeFilterCount,
  pageRows,
  toQueryParams,
  useListingState,
  type CleanFilter,
  type Filter,
  type Order,
} from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { providerFilterCodec } from './provider-filters';
import { providerPath } from './provider-paths';
import './providers.css';

const DEFAULT_ORDER: Order = { name: 'ASC' };

const COUNTRY_CHOICES = enumChoices(Object.values(Country));

const COUNTS = [
  ['contacts', 'Contacts'],
  ['videos', 'Videos'],
  ['links', 'Links'],
  ['attachments', 'Attachments'],
  ['products', 'Products'],
] as const;

function ProviderFilters({
  filter,
  onApply,
}: {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
}) {
  const { bind, apply, reset } = useFilterForm(filter, providerFilterCodec, onApply);
  return (
    <FilterForm label="Filter providers" onApply={apply} onReset={reset}>
      <TextFilter id="provider-filter-name" label="Name contains" {...bind('name')} />
      <ChoiceFilter
        id="provider-filter-country"
        label="Country"
        {...bind('country')}
        choices={COUNTRY_CHOICES}
        anyLabel="USA and Canada"
      />
    </FilterForm>
  );
}

/** business/product-providers: the carriers, their countries and what each one offers. */
export function ProvidersListPage() {
  usePageTitle('Product providers');
  const listing = useListingState(listProviders, { order: DEFAULT_ORDER });
  const { state } = listing;
  const filters = activeFilterCount(state.filter);
  const query = useListProviders(toQueryParams(state, listProviders), {
    query: { placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);

  return (
    <>
      <PageHeader
        title="Product providers"
        description="The carriers whose products you sell: their contacts, videos, links and documents."
      />

      <Card size="2" mb="4">
        <ProviderFilters
          key={JSON.stringify(state.filter)}
          filter={state.filter}
          onApply={listing.setFilter}
        />
      </Card>

      <ListTable
        caption="Product providers"
        noun="providers"
        query={query}
        count={rows.length}
        columns={1 + COUNTS.length}
        header={
          <>
            <SortableHeader field="name" order={state.order} onSort={listing.toggleSort}>
              Provider
            </SortableHeader>
            {COUNTS.map(([field, label]) => (
              <Table.ColumnHeaderCell key={field} align="right">
                {label}
              </Table.ColumnHeaderCell>
            ))}
          </>
        }
        loadingLabel="Loading providers…"
        emptyTitle="No providers found"
        emptyText={
          filters > 0 ? 'No provider matches these filters.' : 'There are no providers to show.'
        }
      >
        {rows.map((provider) => (
          <Table.Row
            key={provider.id}
            align="center"
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.RowHeaderCell>
              <Flex align="center" gap="3">
                <Avatar
                  className="provider-logo"
                  size="2"
                  radius="medium"
                  src={provider.logo_url}
                  fallback={initials(provider.name)}
                  alt=""
                />
                <Flex direction="column" gap="1">
                  <Link className="row-link nowrap" to={providerPath(provider.id)}>
                    {provider.name}
                  </Link>
                  <Flex gap="1" align="center" wrap="wrap">
                    <Text size="1" color="gray" mr="1">
                      {provider.code}
                    </Text>
                    {provider.countries.map((country) => (
                      <Badge key={country} size="1" color="blue" variant="soft">
                        {country}
                      </Badge>
                    ))}
                  </Flex>
                </Flex>
              </Flex>
            </Table.RowHeaderCell>
            {COUNTS.map(([field]) => (
              <Table.Cell key={field} align="right">
                {formatNumber(provider[field])}
              </Table.Cell>
            ))}
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
