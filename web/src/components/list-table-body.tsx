import { ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Button, Flex, Spinner, Table, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/errors';

export interface ListTableBodyProps {
  /** The number of columns, spanned by the loading, error and empty rows. */
  columns: number;
  pending: boolean;
  /** No rows to show (once loaded). */
  empty: boolean;
  loadingLabel?: string;
  /** The heading of the empty row; without it the row shows `emptyText` alone. */
  emptyTitle?: string;
  emptyText: string;
  /** The list failed: the row says so, with Retry, instead of an empty state. */
  error?: unknown;
  /** 'The clients could not be loaded'. */
  errorTitle?: string;
  onRetry?: () => void;
  retrying?: boolean;
  children: ReactNode;
}

/** The body of a list table (its loading, failure and empty states stay in view, centred on
 *  the screen, when a wide table scrolls sideways on a phone): a loading row while pending, the failure with Retry, an empty
 *  row, or the rows. A failed list never claims to be empty. */
export function ListTableBody({
  columns,
  pending,
  empty,
  loadingLabel = 'Loading…',
  emptyTitle,
  emptyText,
  error,
  errorTitle = 'The list could not be loaded',
  onRetry,
  retrying = false,
  children,
}: ListTableBodyProps) {
  const failed = Boolean(error) && !pending;
  return (
    <Table.Body>
      {pending ? (
        <Table.Row>
          <Table.Cell colSpan={columns}>
            <Flex justify="center" py="6" gap="2" align="center" className="list-table-state">
              <Spinner /> <Text color="gray">{loadingLabel}</Text>
            </Flex>
          </Table.Cell>
        </Table.Row>
      ) : failed && empty ? (
        <Table.Row>
          <Table.Cell colSpan={columns}>
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
                <Text weight="medium">{errorTitle}</Text>
              </Flex>
              <Text size="2" color="gray" align="center">
                {errorMessage(error)}
              </Text>
              {onRetry ? (
                <Button mt="2" variant="soft" onClick={onRetry} loading={retrying}>
                  <ReloadIcon aria-hidden /> Retry
                </Button>
              ) : null}
            </Flex>
          </Table.Cell>
        </Table.Row>
      ) : empty ? (
        <Table.Row>
          <Table.Cell colSpan={columns}>
            {emptyTitle ? (
              <Flex direction="column" align="center" py="6" gap="2" className="list-table-state">
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
          </Table.Cell>
        </Table.Row>
      ) : (
        children
      )}
    </Table.Body>
  );
}
