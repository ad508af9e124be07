import { formatRate } from '@/lib/format';
import { Badge, Box, Callout, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useListCompensationSchedule } from '@/api/gen/endpoints/providers/providers';
import type { LevelEarning } from '@/api/gen/model/levelEarning';
import type { ScheduleRow } from '@/api/gen/model/scheduleRow';
import { listCompensationSchedule } from '@/api/lists.gen';
import { DownloadMenu } from '@/components/download-menu';
import { FilterToggle } from '@/components/filter-toggle';
import { InfoCircledIcon } from '@/components/icons/info-circled';
import { ListTable, type ListQuery } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { ListingPagination } from '@/components/pagination';
import { DoubleSortableHeader, SortableHeader } from '@/components/sortable-header';
import {
  activeFilterCount,
  pageRows,
  toQueryParams,
  useListingState,
  type Order,
} from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { useDownloadCompensationSchedule } from './compensation-schedule-download';
import { ScheduleFilterPanel } from './compensation-schedule-filter-panel';

import { CardList, useNarrow } from './provider-card-list';
import './compensation-schedule.css';

const DEFAULT_ORDER: Order = { provider_name: 'ASC' };

/**
 * When the table is wider than its card, scrolls it sideways once so that the caller's level
 * column is in view (an ERMD's is the last). Put the returned ref on an element around the
 * table; `key` changes when that column appears.
 */
function useMineInView(key: string | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!key) return;
    const cell = ref.current?.querySelector<HTMLElement>('th.schedule-mine');
    const viewport = cell?.closest<HTMLElement>('.rt-ScrollAreaViewport');
    if (!cell || !viewport) return;
    const overflow = cell.getBoundingClientRect().right - viewport.getBoundingClientRect().right;
    if (overflow > 0) viewport.scrollLeft += overflow + 16;
  }, [key]);
  return ref;
}

/** The level columns: those of the first row (every row carries every level, lowest first). */
function levelsOf(rows: readonly ScheduleRow[]): LevelEarning[] {
  return rows[0]?.levels ?? [];
}

function LevelHeader({ level }: { level: LevelEarning }) {
  return (
    <Table.ColumnHeaderCell
      align="right"
      className={level.mine ? 'schedule-level schedule-mine' : 'schedule-level'}
    >
      <Flex direction="column" align="end" gap="1">
        <span aria-hidden title={level.name}>
          {level.level}
        </span>
        <span className="sr-only">
          {level.name}
          {level.mine ? ' (your level)' : ''}, level rate
        </span>
        <Text size="1" color="gray" weight="regular">
          {formatRate(level.level_rate_bp)}
        </Text>
        {level.mine ? (
          <Badge size="1" color="blue" variant="solid" aria-hidden>
            You
          </Badge>
        ) : null}
      </Flex>
    </Table.ColumnHeaderCell>
  );
}

/** A card per product, for phones: the rate, then what each level earns, the caller's
 *  level marked. */
function ScheduleCards({
  rows,
  query,
  emptyText,
}: {
  rows: readonly ScheduleRow[];
  query: ListQuery & { isPlaceholderData: boolean };
  emptyText: string;
}) {
  return (
    <CardList
      label="Compensation schedule"
      noun="schedule"
      query={query}
      count={rows.length}
      loadingLabel="Loading the schedule…"
      emptyTitle="No products found"
      emptyText={emptyText}
    >
      {rows.map((row) => (
        <li key={row.product_id}>
          <Card size="2">
            <Flex justify="between" align="start" gap="3">
              <Flex direction="column" gap="1" style={{ minWidth: 0 }}>
                <Heading as="h2" size="3">
                  {row.product_name}
                </Heading>
                <Text size="2" color="gray">
                  {row.provider_name}
                </Text>
              </Flex>
              <Flex direction="column" align="end" flexShrink="0">
                <Text size="4" weight="bold">
                  {formatRate(row.commission_rate_bp)}
                </Text>
                <Text size="1" color="gray">
                  commission
                </Text>
              </Flex>
            </Flex>
            <Flex gap="1" wrap="wrap" mt="2">
              <Badge color="gray" variant="soft">
                {row.category}
              </Badge>
              <Badge color="gray" variant="outline">
                {row.type}
              </Badge>
            </Flex>
            <p className="sr-only">What each level earns:</p>
            <dl className="schedule-card-levels">
              {row.levels.map((level) => (
                <div key={level.level} className={level.mine ? 'schedule-mine' : undefined}>
                  <dt>
                    <span aria-hidden title={level.name}>
                      {level.level}
                    </span>
                    <span className="sr-only">{level.name}</span>
                    {level.mine ? (
                      <Badge size="1" color="blue" variant="solid" ml="1">
                        You
                      </Badge>
                    ) : null}
                  </dt>
                  <dd>{formatRate(level.earning_bp)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </li>
      ))}
    </CardList>
  );
}

/**
 * business/compensation-schedule: per product its provider, category, type and commission
 * rate, and what each level earns on it (commission rate × level rate, as a share of the
 * target premium), the caller's level marked. Filters, order and page live in the URL; the
 * download is the same filtered list, one row per product and level.
 */
export function CompensationSchedulePage() {
  usePageTitle('Compensation schedule');
  const cards = useNarrow();
  const listing = useListingState(listCompensationSchedule, { order: DEFAULT_ORDER });
  const { state } = listing;
  const filters = activeFilterCount(state.filter);
  const [showFilters, setShowFilters] = useState(filters > 0);
  const query = useListCompensationSchedule(toQueryParams(state, listCompensationSchedule), {
    query: { placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const download = useDownloadCompensationSchedule(state);
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);
  const levels = levelsOf(rows);
  const mine = levels.find((level) => level.mine);
  const tableRef = useMineInView(mine && !cards ? mine.level : undefined);
  const emptyText =
    filters > 0 ? 'No product matches these filters.' : 'There are no active products to show.';

  return (
    <>
      <PageHeader
        title="Compensation schedule"
        description="What each level earns on every product, as a share of its target premium: the commission rate × the level's rate."
        actions={<DownloadMenu onDownload={download.mutate} pending={download.isPending} />}
      />

      {mine ? (
        <Callout.Root color="blue" variant="surface" mb="4">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            Your level is <strong>{mine.name}</strong> ({mine.level},{' '}
            {formatRate(mine.level_rate_bp)} of the commission rate): it is marked{' '}
            <strong>You</strong>.
          </Callout.Text>
        </Callout.Root>
      ) : null}

      <Flex gap="3" mb="4" align="end" wrap="wrap">
        <FilterToggle
          open={showFilters}
          onToggle={() => setShowFilters((v) => !v)}
          count={filters}
          controls="schedule-filters"
        />
      </Flex>
      {showFilters ? (
        <Card size="2" mb="4" id="schedule-filters">
          <ScheduleFilterPanel
            key={JSON.stringify(state.filter)}
            filter={state.filter}
            onApply={listing.setFilter}
          />
        </Card>
      ) : null}

      {cards ? (
        <ScheduleCards rows={rows} query={query} emptyText={emptyText} />
      ) : (
        <Box className="schedule-table" ref={tableRef}>
          <ListTable
            caption="Compensation schedule"
            noun="schedule"
            size="1"
            query={query}
            count={rows.length}
            columns={3 + Math.max(levels.length, 1)}
            header={
              <>
                {/* Stacked: narrower columns, so that every level fits beside them at 1280 px. */}
                <DoubleSortableHeader
                  stacked
                  fields={[
                    { field: 'name', label: 'Product' },
                    { field: 'provider_name', label: 'Provider' },
                  ]}
                  order={state.order}
                  onSort={listing.toggleSort}
                />
                <DoubleSortableHeader
                  stacked
                  fields={[
                    { field: 'type', label: 'Type' },
                    { field: 'category', label: 'Category' },
                  ]}
                  order={state.order}
                  onSort={listing.toggleSort}
                />
                <SortableHeader
                  field="commission_rate_bp"
                  order={state.order}
                  onSort={listing.toggleSort}
                  align="right"
                >
                  Commission
                </SortableHeader>
                {levels.length > 0 ? (
                  levels.map((level) => <LevelHeader key={level.level} level={level} />)
                ) : (
                  <Table.ColumnHeaderCell>Levels</Table.ColumnHeaderCell>
                )}
              </>
            }
            loadingLabel="Loading the schedule…"
            emptyTitle="No products found"
            emptyText={emptyText}
          >
            {rows.map((row) => (
              <Table.Row
                key={row.product_id}
                style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
              >
                <Table.RowHeaderCell>
                  <Flex direction="column">
                    <Text weight="medium">{row.product_name}</Text>
                    <Text size="1" color="gray">
                      {row.provider_name}
                    </Text>
                  </Flex>
                </Table.RowHeaderCell>
                <Table.Cell className="schedule-type">
                  <Flex direction="column">
                    <Text>{row.type}</Text>
                    <Text size="1" color="gray">
                      {row.category}
                    </Text>
                  </Flex>
                </Table.Cell>
                <Table.Cell align="right">
                  <Text weight="medium">{formatRate(row.commission_rate_bp)}</Text>
                </Table.Cell>
                {row.levels.map((level) => (
                  <Table.Cell
                    key={level.level}
                    align="right"
                    className={level.mine ? 'schedule-earning schedule-mine' : 'schedule-earning'}
                  >
                    {formatRate(level.earning_bp)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </ListTable>
        </Box>
      )}

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
