import { Button, Card, Flex, Spinner, Table, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { ReloadIcon } from '@/components/icons/reload';
import { errorMessage, errorStatus } from '@/lib/errors';
import { DataTable } from './data-table';
import { ErrorCallout } from './error-callout';
import { isFinal } from './error-panel';

/** The parts of a list's query (TanStack Query's result) a list table reads. */
export interface ListQuery {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListTableProps {
  /** The table's name (its caption, read by screen readers only). */
  caption: ReactNode;
  /** What the list holds, plural and lower case ('clients'): 'The clients could not be loaded'. */
  noun: string;
  query: ListQuery;
  /** The rows shown (once loaded). */
  count: number;
  /** The number of columns, spanned by the loading, failure and empty rows. */
  columns: number;
  /** The cells of the header row. */
  header: ReactNode;
  size?: '1' | '2';
  loadingLabel?: string;
  /** The heading of the empty row; without it the row shows `emptyText` alone. */
  emptyTitle?: string;
  emptyText: string;
  /** The rows. */
  children: ReactNode;
}

/**
 * A list's table with its honest states, all derived from its query: a loading row while
 * pending; when the list fails with nothing to show, the failure in the table body (never the
 * empty state), with Retry unless trying again cannot change the answer (isFinal: a 403, a
 * 404); when a refresh fails over rows already shown, a callout above them
 * ('The clients could not be refreshed'); the empty row; or the rows.
 */
export function ListTable({
  caption,
  noun,
  query,
  count,
  columns,
  header,
  size = '2',
  loadingLabel = 'Loading…',
  emptyTitle,
  emptyText,
  children,
}: ListTableProps) {
  const failed = query.isError && !query.isPending;
  const retry = failed && !isFinal(errorStatus(query.error));
  return (
    <>
      {failed && count > 0 ? (
        <ErrorCallout error={query.error} title={`The ${noun} could not be refreshed`} />
      ) : null}
      <Card size="1" style={{ padding: 0 }}>
        <DataTable
          label={typeof caption === 'string' ? caption : noun}
          variant="ghost"
          size={size}
          aria-busy={query.isFetching}
        >
          <caption className="sr-only">{caption}</caption>
          <Table.Header>
            <Table.Row>{header}</Table.Row>
          </Table.Header>
          <Table.Body>
            {query.isPending ? (
              <StateRow columns={columns}>
                <Flex justify="center" py="6" gap="2" align="center" className="list-table-state">
                  <Spinner /> <Text color="gray">{loadingLabel}</Text>
                </Flex>
              </StateRow>
            ) : failed && count === 0 ? (
              <StateRow columns={columns}>
                <Flex
                  direction="column"
                  align="center"
                  py="6"
                  gap="2"
                  role="alert"
                  className="list-table-state"
                >
                  <Flex align="center" gap="2">
                    <Text color="red" asChild>
                      <ExclamationTriangleIcon aria-hidden />
                    </Text>
                    <Text weight="medium">{`The ${noun} could not be loaded`}</Text>
                  </Flex>
                  <Text size="2" color="gray" align="center">
                    {errorMessage(query.error)}
                  </Text>
                  {retry ? (
                    <Button
                      mt="2"
                      variant="soft"
                      onClick={() => void query.refetch()}
                      loading={query.isFetching}
                    >
                      <ReloadIcon aria-hidden /> Retry
                    </Button>
                  ) : null}
                </Flex>
              </StateRow>
            ) : count === 0 ? (
              <StateRow columns={columns}>
                {emptyTitle ? (
                  <Flex
                    direction="column"
                    align="center"
                    py="6"
                    gap="2"
                    className="list-table-state"
                  >
                    <Text weight="medium">{emptyTitle}</Text>
                    <Text size="2" color="gray">
                      {emptyText}
                    </Text>
                  </Flex>
                ) : (
                  <Flex justify="center" py="6" className="list-table-state">
                    <Text color="gray">{emptyText}</Text>
                  </Flex>
                )}
              </StateRow>
            ) : (
              children
            )}
          </Table.Body>
        </DataTable>
      </Card>
    </>
  );
}

/** One row spanning every column (its content stays in view when a wide table scrolls
 *  sideways on a phone: .list-table-state). */
function StateRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={columns}>{children}</Table.Cell>
    </Table.Row>
  );
}
