import { Avatar, Box, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useListTeam } from '@/api/gen/endpoints/team/team';
import { listTeam } from '@/api/lists.gen';
import { AssociateLookup } from '@/components/associate-lookup';
import { CenteredSpinner } from '@/components/centered-spinner';
import { DownloadMenu } from '@/components/download-menu';
import { FilterToggle } from '@/components/filter-toggle';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { ListingPagination } from '@/components/pagination';
import { PeriodPicker } from '@/components/period-picker';
import { DoubleSortableHeader, SortableHeader } from '@/components/sortable-header';
import { formatCurrency, formatDate, formatNumber, initials } from '@/lib/format';
import { activeFilterCount, pageRows, toQueryParams, useListingState } from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { formatPeriod, periodParams, usePeriod } from '@/lib/period';
import { useAccess } from '@/lib/use-access';
import { LevelBadge, LicensedBadge, StatusBadge } from './badges';
import { associatePath } from './paths';
import { TeamFilterPanel } from './team-filter-panel';
import { TEAM_VIEW_LABELS, teamViews, type TeamView } from './team-menu';
import { useDownloadTeam } from './use-download-team';
import { useLevelOptions } from './use-level-options';

const TEAM_VIEW_DESCRIPTIONS: Record<TeamView, string> = {
  Personal: 'You alone, with your production for the period.',
  BaseShop: 'You and your downline down to the next senior-level associate.',
  RmdSuperBase: 'Your base plus the bases of your generation-1 leaders.',
  RmdSuperTeam: 'Your base plus the bases of your leaders in generations 1 to 6.',
  Infinity: 'Your whole downline, every depth.',
};

/** team/{view}: the members of a team view the caller is offered, or why it is not offered. */
export function TeamListPage({ view }: { view: TeamView }) {
  const { user, isPending } = useAccess();
  usePageTitle(TEAM_VIEW_LABELS[view], 'Team');
  if (isPending) return <CenteredSpinner />;
  if (!teamViews(user?.is_senior_level ?? false).includes(view) || !user?.code) {
    return (
      <Flex direction="column" gap="3" py="6">
        <Heading as="h1" size="6">
          Team view not found
        </Heading>
        <Text color="gray">This team view is not offered for your level.</Text>
      </Flex>
    );
  }
  return <TeamList key={view} view={view} senior={user.is_senior_level} />;
}

function TeamList({ view, senior }: { view: TeamView; senior: boolean }) {
  const navigate = useNavigate();
  const listing = useListingState(listTeam);
  const { state } = listing;
  const { period, shown, setPeriod } = usePeriod();
  const filters = activeFilterCount(state.filter);
  const [showFilters, setShowFilters] = useState(filters > 0);
  const query = useListTeam(
    view,
    { ...toQueryParams(state, listTeam), ...periodParams(period) },
    { query: { placeholderData: keepPreviousData, meta: { toast: false } } },
  );
  const download = useDownloadTeam(view, state, period);
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);
  // Keyed on the answer: `rows` is a new array each render.
  const seenLevels = useMemo(() => (query.data?.data ?? []).map((r) => r.level), [query.data]);
  const levels = useLevelOptions(showFilters, seenLevels);
  const generations = senior && view !== 'Personal';
  const showGeneration = rows.some((r) => r.generation !== undefined);
  const columns = showGeneration ? 9 : 8;

  return (
    <>
      <PageHeader
        title={TEAM_VIEW_LABELS[view]}
        description={TEAM_VIEW_DESCRIPTIONS[view]}
        actions={<DownloadMenu onDownload={download.mutate} pending={download.isPending} />}
      />

      <Flex gap="3" mb="4" align="end" wrap="wrap">
        <Box flexGrow="1" maxWidth="360px" minWidth="220px">
          <AssociateLookup
            label="Find an associate"
            value={undefined}
            onChange={(code) => {
              if (code) navigate(associatePath(code));
            }}
          />
        </Box>
        <FilterToggle
          open={showFilters}
          onToggle={() => setShowFilters((v) => !v)}
          count={filters}
          controls="team-filters"
        />
        <Box ml={{ initial: '0', md: 'auto' }}>
          <PeriodPicker key={`${shown.start}/${shown.end}`} value={shown} onChange={setPeriod} />
        </Box>
      </Flex>

      {showFilters ? (
        <Card size="2" mb="4" id="team-filters">
          <TeamFilterPanel
            key={JSON.stringify(state.filter)}
            filter={state.filter}
            onApply={listing.setFilter}
            levels={levels}
            generations={generations}
          />
        </Card>
      ) : null}

      {Object.keys(state.order).length === 0 ? (
        <Text as="p" size="1" color="gray" mb="2">
          In hierarchy order: each associate before their recruits. Sort by a column to change it.
        </Text>
      ) : null}

      <ListTable
        caption={`${TEAM_VIEW_LABELS[view]} members, production ${formatPeriod(shown)}`}
        noun="team"
        query={query}
        count={rows.length}
        columns={columns}
        size="1"
        header={
          <>
            <DoubleSortableHeader
              fields={[
                { field: 'last_name', label: 'Name' },
                { field: 'code', label: 'Code' },
              ]}
              order={state.order}
              onSort={listing.toggleSort}
            />
            <SortableHeader field="level_rank" order={state.order} onSort={listing.toggleSort}>
              Level
            </SortableHeader>
            <SortableHeader field="status" order={state.order} onSort={listing.toggleSort}>
              Status
            </SortableHeader>
            <SortableHeader field="state" order={state.order} onSort={listing.toggleSort}>
              State
            </SortableHeader>
            <SortableHeader field="joined_on" order={state.order} onSort={listing.toggleSort}>
              Joined
            </SortableHeader>
            {showGeneration ? (
              <SortableHeader
                field="generation"
                order={state.order}
                onSort={listing.toggleSort}
                align="right"
              >
                <abbr title="Generation">Gen.</abbr>
              </SortableHeader>
            ) : null}
            <Table.ColumnHeaderCell>Licensed</Table.ColumnHeaderCell>
            <SortableHeader
              field="production"
              order={state.order}
              onSort={listing.toggleSort}
              align="right"
            >
              Production
            </SortableHeader>
            <SortableHeader
              field="downline_size"
              order={state.order}
              onSort={listing.toggleSort}
              align="right"
            >
              Downline
            </SortableHeader>
          </>
        }
        loadingLabel="Loading members…"
        emptyTitle="No members found"
        emptyText={filters > 0 ? 'No member matches these filters.' : 'Nobody is in this view yet.'}
      >
        {rows.map((member) => (
          <Table.Row key={member.code} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <Table.RowHeaderCell>
              <Flex gap="2" align="center">
                <span className="team-photo" aria-hidden>
                  <Avatar
                    size="2"
                    radius="full"
                    highContrast
                    fallback={initials(member.name)}
                    src={member.photo_url}
                    alt=""
                  />
                </span>
                <Flex direction="column">
                  <Link className="row-link nowrap" to={associatePath(member.code)}>
                    {member.name}
                  </Link>
                  <Text size="1" color="gray">
                    {member.code}
                  </Text>
                </Flex>
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell>
              <LevelBadge level={member.level} />
            </Table.Cell>
            <Table.Cell className="nowrap">
              <StatusBadge status={member.status} />
            </Table.Cell>
            <Table.Cell>{member.state ?? '—'}</Table.Cell>
            <Table.Cell className="nowrap">{formatDate(member.joined_on)}</Table.Cell>
            {showGeneration ? (
              <Table.Cell align="right">{member.generation ?? '—'}</Table.Cell>
            ) : null}
            <Table.Cell className="nowrap">
              <LicensedBadge licensed={member.licensed} short />
            </Table.Cell>
            <Table.Cell align="right" className="nowrap">
              {formatCurrency(member.production)}
            </Table.Cell>
            <Table.Cell align="right">{formatNumber(member.downline_size)}</Table.Cell>
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
