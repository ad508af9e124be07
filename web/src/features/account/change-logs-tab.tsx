import { Button, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  getListAccountChangeLogsQueryKey,
  listAccountChangeLogs,
} from '@/api/gen/endpoints/account/account';
import { ListTable } from '@/components/list-table';
import { ErrorCallout } from '@/components/error-callout';
import { formatDateTime } from '@/lib/format';
import { pageRows } from '@/lib/listing-state';
import { changeSubject, changeValues, changedBy } from './change-log-text';

/** Rows asked for at a time. */
export const CHANGE_LOG_PAGE_SIZE = 50;

/**
 * The change log of the caller's account, newest first, a page at a time: 'Load more' asks for
 * the rows after the last one shown (the answer's next_cursor, set only when more exist).
 */
function useChangeLogs() {
  const params = { limit: CHANGE_LOG_PAGE_SIZE };
  return useInfiniteQuery({
    // Under the operation's key, so that invalidating the change logs reaches it too.
    queryKey: [...getListAccountChangeLogsQueryKey(params), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      listAccountChangeLogs({ ...params, cursor: pageParam }, undefined, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor || undefined,
    meta: { toast: false },
  });
}

/** account/change-logs — who changed what in the account, and when. */
export function ChangeLogsTab() {
  const query = useChangeLogs();
  // Each page holds up to limit + 1 rows: the extra one starts the next page.
  const rows =
    query.data?.pages.flatMap((page) => pageRows(page.data, CHANGE_LOG_PAGE_SIZE).rows) ?? [];
  // A failed 'Load more' keeps the rows shown and says so under them.
  const moreFailed = query.isFetchNextPageError;
  return (
    <>
      <Flex direction="column" gap="1" mb="3">
        <Heading as="h2" size="4">
          Change logs
        </Heading>
        <Text size="2" color="gray">
          Every change to your account, newest first.
        </Text>
      </Flex>
      <ListTable
        caption="Changes to your account"
        noun="changes"
        query={{ ...query, isError: query.isError && !moreFailed }}
        count={rows.length}
        columns={4}
        header={
          <>
            <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>What</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Change</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>By</Table.ColumnHeaderCell>
          </>
        }
        loadingLabel="Loading changes…"
        emptyText="No changes recorded."
      >
        {rows.map((row) => {
          const values = changeValues(row);
          return (
            <Table.Row key={row.id}>
              <Table.Cell className="nowrap">{formatDateTime(row.at)}</Table.Cell>
              <Table.RowHeaderCell>{changeSubject(row)}</Table.RowHeaderCell>
              <Table.Cell>
                {values ? (
                  <>
                    {values.old} <span aria-hidden>→</span>{' '}
                    <span className="sr-only">changed to</span> {values.new}
                  </>
                ) : (
                  <Text color="gray">—</Text>
                )}
              </Table.Cell>
              <Table.Cell>{changedBy(row)}</Table.Cell>
            </Table.Row>
          );
        })}
      </ListTable>
      {moreFailed ? (
        <ErrorCallout error={query.error} title="More changes could not be loaded" />
      ) : null}
      {query.hasNextPage ? (
        <Flex justify="center" mt="3">
          <Button
            variant="soft"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            Load more
          </Button>
        </Flex>
      ) : null}
    </>
  );
}
