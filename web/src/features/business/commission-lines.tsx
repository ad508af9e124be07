import { Flex, Table, Text } from '@radix-ui/themes';
import type { CommissionPreview } from '@/api/gen/model/commissionPreview';
import { formatCurrency, formatDate, formatRate } from '@/lib/format';
import { DataTable } from '@/components/data-table';

/** The lines a policy earns everyone in its chain, each with the rule that produced it. */
export function CommissionLines({
  preview,
  caption,
}: {
  preview: CommissionPreview;
  caption: string;
}) {
  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray">
        Commissionable {formatCurrency(preview.commissionable_cents)} · hierarchy as of{' '}
        {formatDate(preview.as_of)}
      </Text>
      <DataTable label={caption} size="1" variant="ghost" className="commission-lines">
        <caption className="sr-only">{caption}</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Associate</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Earning</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell align="right">Rate</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell align="right">Amount</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {preview.lines.map((line, i) => (
            <Table.Row key={i}>
              <Table.RowHeaderCell>
                <Flex direction="column">
                  <Text className="nowrap">{line.associate_name}</Text>
                  <Text size="1" color="gray" className="nowrap">
                    {line.associate_code} · {line.level}
                  </Text>
                </Flex>
              </Table.RowHeaderCell>
              <Table.Cell>
                <Flex direction="column">
                  <Text className="nowrap">
                    {line.bonus_type}
                    {line.generation ? ` · Generation ${line.generation}` : ''}
                  </Text>
                  <Text size="1" color="gray">
                    {line.explanation}
                  </Text>
                </Flex>
              </Table.Cell>
              <Table.Cell align="right" className="nowrap">
                {formatRate(line.rate_bp)}
              </Table.Cell>
              <Table.Cell align="right" className="nowrap">
                {formatCurrency(line.amount_cents)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <tfoot>
          <Table.Row>
            <Table.RowHeaderCell colSpan={3}>
              <Text weight="bold">Total</Text>
            </Table.RowHeaderCell>
            <Table.Cell align="right" className="nowrap">
              <Text weight="bold">{formatCurrency(preview.total_cents)}</Text>
            </Table.Cell>
          </Table.Row>
        </tfoot>
      </DataTable>
    </Flex>
  );
}
