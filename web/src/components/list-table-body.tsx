import { Flex, Spinner, Table, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface ListTableBodyProps {
  /** The number of columns, spanned by the loading and empty rows. */
  columns: number;
  pending: boolean;
  /** No rows to show (once loaded). */
  empty: boolean;
  loadingLabel?: string;
  /** The heading of the empty row; without it the row shows `emptyText` alone. */
  emptyTitle?: string;
  emptyText: string;
  children: ReactNode;
}

/** The body of a list table: a loading row while pending, an empty row, or the rows. */
export function ListTableBody({
  columns,
  pending,
  empty,
  loadingLabel = 'Loading…',
  emptyTitle,
  emptyText,
  children,
}: ListTableBodyProps) {
  return (
    <Table.Body>
      {pending ? (
        <Table.Row>
          <Table.Cell colSpan={columns}>
            <Flex justify="center" py="6" gap="2" align="center">
              <Spinner /> <Text color="gray">{loadingLabel}</Text>
            </Flex>
          </Table.Cell>
        </Table.Row>
      ) : empty ? (
        <Table.Row>
          <Table.Cell colSpan={columns}>
            {emptyTitle ? (
              <Flex direction="column" align="center" py="6" gap="2">
                <Text weight="medium">{emptyTitle}</Text>
                <Text size="2" color="gray">
                  {emptyText}
                </Text>
              </Flex>
            ) : (
              <Flex justify="center" py="6">
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
