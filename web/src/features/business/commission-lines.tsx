import { Flex, Table, Text } from '@radix-ui/themes';
import type { CommissionPreview } from '@/api/gen/model/commissionPreview';
import { useBreakpoint } from '@/lib/breakpoint';
import { formatCurrency, formatDate, formatRate } from '@/lib/format';
import { DataTable } from '@/components/data-table';
import './policies.css';

/** The lines as a list: who, what and how much on one line, the explanation under it — for a
 *  phone or a narrow column, where a table would hide its amounts off to the side. */
function LineList({ preview, caption }: { preview: CommissionPreview; caption: string }) {
  return (
    <>
      <ul className="commission-list" aria-label={caption}>
        {preview.lines.map((line, i) => (
          <li key={i}>
            <Flex justify="between" gap="3" align="baseline">
              <Text weight="medium">
                {line.associate_name}{' '}
                <Text size="1" color="gray">
                  {line.associate_code} · {line.level}
                </Text>
              </Text>
              <Text weight="medium" className="nowrap">
                {formatCurrency(line.amount_cents)}
              </Text>
            </Flex>
            <Text as="div" size="2">
              {line.bonus_type}
              {line.generation ? ` · Generation ${line.generation}` : ''} ·{' '}
              {formatRate(line.rate_bp)}
            </Text>
            <Text as="div" size="1" color="gray">
              {line.explanation}
            </Text>
          </li>
        ))}
      </ul>
      <Flex justify="between" className="commission-total">
        <Text weight="bold">Total</Text>
        <Text weight="bold">{formatCurrency(preview.total_cents)}</Text>
      </Flex>
    </>
  );
}

/** The lines a policy earns everyone in its chain, each with the rule that produced it: a table,
 *  or a list when `compact` or on a phone. */
export function CommissionLines({
  preview,
  caption,
  compact = false,
}: {
  preview: CommissionPreview;
  caption: string;
  compact?: boolean;
}) {
  const narrow = useBreakpoint() === 'sm';
  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray">
        Commissionable {formatCurrency(preview.commissionable_cents)} · hierarchy as of{' '}
        {formatDate(preview.as_of)}
      </Text>
      {compact || narrow ? (
        <LineList preview={preview} caption={caption} />
      ) : (
        <CommissionTable preview={preview} caption={caption} />
      )}
    </Flex>
  );
}

function CommissionTable({ preview, caption }: { preview: CommissionPreview; caption: string }) {
  return (
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
  );
}
