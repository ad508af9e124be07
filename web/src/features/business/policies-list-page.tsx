import { Badge, Box, Button, Card, Flex, Table, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { downloadPolicies, useListPolicies } from '@/api/gen/endpoints/business/business';
import { downloadPolicies as downloadPoliciesList, listPolicies } from '@/api/lists.gen';
import { ChoiceSelect } from '@/components/choice-select';
import { DownloadMenu } from '@/components/download-menu';
import { FilterToggle } from '@/components/filter-toggle';
import { PlusIcon } from '@/components/icons/plus';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { ListingPagination } from '@/components/pagination';
import { SortableHeader } from '@/components/sortable-header';
import { POLICY_CREATE_PATH, policyPath } from '@/lib/business-paths';
import { useDownload } from '@/lib/download';
import { formatCurrency, formatDate } from '@/lib/format';
import {
  activeFilterCount,
  pageRows,
  toFilterParams,
  toQueryParams,
  useListingState,
} from '@/lib/listing-state';
import { withSearchParam } from '@/lib/search';
import { usePageTitle } from '@/lib/page-title';
import { TEAM_VIEW_LABELS, isTeamView, teamViews, type TeamView } from '@/lib/team-views';
import { useAccess } from '@/lib/use-access';
import { PolicyStatusBadge } from '@/components/policy-badges';
import { PolicyFilterPanel } from './policy-filter-panel';

const VIEW_DESCRIPTIONS: Record<TeamView, string> = {
  Personal: 'The policies you write.',
  BaseShop: 'The policies of your base shop.',
  RmdSuperBase: 'The policies of your RMD Super Base.',
  RmdSuperTeam: 'The policies of your RMD Super Team.',
  Infinity: 'The policies of your whole organisation.',
};

/** business: the policies of a team view (an associate) or every policy (staff with
 *  policies.review), with filters, sortable columns, paging and downloads, all in the URL. */
export function PoliciesListPage() {
  usePageTitle('Business');
  const { user, isStaff } = useAccess();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const offered = teamViews(user?.is_senior_level ?? false);
  const asked = searchParams.get('view') ?? undefined;
  const view: TeamView = isTeamView(asked) && offered.includes(asked) ? asked : 'Personal';
  const listing = useListingState(listPolicies);
  const { state } = listing;
  const filters = activeFilterCount(state.filter);
  const [showFilters, setShowFilters] = useState(filters > 0);
  const params = { ...toQueryParams(state, listPolicies), ...(isStaff ? {} : { view }) };
  const query = useListPolicies(params, {
    query: { placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const download = useDownload((format) =>
    downloadPolicies({
      ...toFilterParams(state, downloadPoliciesList),
      ...(isStaff ? {} : { view }),
      format,
    }),
  );
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);

  const selectView = (next: string) =>
    navigate({ search: `?${withSearchParam(location.search, 'view', next)}` });

  return (
    <>
      <PageHeader
        title="Business"
        description={isStaff ? 'Every policy, for review.' : VIEW_DESCRIPTIONS[view]}
        actions={
          <>
            <DownloadMenu onDownload={download.mutate} pending={download.isPending} />
            {isStaff ? null : (
              <Button asChild>
                <Link to={POLICY_CREATE_PATH}>
                  <PlusIcon /> New policy
                </Link>
              </Button>
            )}
          </>
        }
      />

      <Flex gap="3" mb="4" align="end" wrap="wrap">
        {isStaff ? null : (
          <Box minWidth="200px">
            <Text as="label" size="2" weight="medium" htmlFor="policy-view">
              Team view
            </Text>
            <ChoiceSelect
              id="policy-view"
              value={view}
              onChange={selectView}
              choices={offered.map((v) => ({ value: v, label: TEAM_VIEW_LABELS[v] }))}
            />
          </Box>
        )}
        <FilterToggle
          open={showFilters}
          onToggle={() => setShowFilters((v) => !v)}
          count={filters}
          controls="policy-filters"
        />
      </Flex>

      {showFilters ? (
        <Card size="2" mb="4" id="policy-filters">
          <PolicyFilterPanel
            key={JSON.stringify(state.filter)}
            filter={state.filter}
            onApply={listing.setFilter}
          />
        </Card>
      ) : null}

      <ListTable
        caption="Policies"
        noun="policies"
        query={query}
        count={rows.length}
        columns={8}
        header={
          <>
            <SortableHeader field="policy_number" order={state.order} onSort={listing.toggleSort}>
              Policy
            </SortableHeader>
            <SortableHeader field="client_name" order={state.order} onSort={listing.toggleSort}>
              Client
            </SortableHeader>
            <Table.ColumnHeaderCell>Product</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Writer</Table.ColumnHeaderCell>
            <SortableHeader field="status" order={state.order} onSort={listing.toggleSort}>
              Status
            </SortableHeader>
            <SortableHeader
              field="target_premium_cents"
              order={state.order}
              onSort={listing.toggleSort}
              align="right"
            >
              Target premium
            </SortableHeader>
            <SortableHeader
              field="bv_cents"
              order={state.order}
              onSort={listing.toggleSort}
              align="right"
            >
              BV
            </SortableHeader>
            <SortableHeader field="submitted_on" order={state.order} onSort={listing.toggleSort}>
              Submitted
            </SortableHeader>
          </>
        }
        loadingLabel="Loading policies…"
        emptyTitle="No policies found"
        emptyText={
          filters > 0
            ? 'No policy matches these filters.'
            : isStaff
              ? 'There are no policies to show.'
              : 'Write your first policy to see it here.'
        }
      >
        {rows.map((p) => (
          <Table.Row key={p.id} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <Table.RowHeaderCell>
              <Flex direction="column">
                <Link className="row-link nowrap" to={policyPath(p)}>
                  {p.policy_number}
                </Link>
                <Text size="1" color="gray" className="nowrap">
                  {p.provider_name}
                </Text>
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell className="nowrap">{p.client_name}</Table.Cell>
            <Table.Cell>
              <Flex direction="column">
                <Text className="nowrap">{p.product_name}</Text>
                <Text size="1" color="gray" className="nowrap">
                  {p.category} · {p.type}
                </Text>
              </Flex>
            </Table.Cell>
            <Table.Cell className="nowrap">
              <Text title={p.writer_name}>{p.writer_code}</Text>
              {p.split ? (
                <Badge ml="2" color="cyan" variant="soft">
                  Split{p.split_code ? ` · ${p.split_code}` : ''}
                </Badge>
              ) : null}
            </Table.Cell>
            <Table.Cell>
              <Flex gap="1" align="center" wrap="wrap">
                <PolicyStatusBadge status={p.status} lapsed={Boolean(p.lapsed_on)} />
                {p.open_requirements > 0 ? (
                  <Badge color="amber" variant="outline">
                    {p.open_requirements} open
                  </Badge>
                ) : null}
              </Flex>
            </Table.Cell>
            <Table.Cell align="right" className="nowrap">
              {formatCurrency(p.target_premium_cents)}
            </Table.Cell>
            <Table.Cell align="right" className="nowrap">
              {formatCurrency(p.bv_cents)}
            </Table.Cell>
            <Table.Cell className="nowrap">{formatDate(p.submitted_on)}</Table.Cell>
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
