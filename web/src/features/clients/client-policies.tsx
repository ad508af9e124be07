import { Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { Link } from 'react-router';
import { useListPolicies } from '@/api/gen/endpoints/business/business';
import { ErrorCallout } from '@/components/error-callout';
import { PlusIcon } from '@/components/icons/plus';
import { PolicyStatusBadge } from '@/components/policy-badges';
import { policyCreateForClientPath, policyPath } from '@/lib/business-paths';
import { formatCurrency, formatDate } from '@/lib/format';
import { DataTable } from '@/components/data-table';

/** The policies written for a client (as far as the caller sees them), newest first. */
export function ClientPolicies({ clientId, canWrite }: { clientId: number; canWrite: boolean }) {
  const query = useListPolicies(
    { 'filter[client_id][eq]': clientId, view: 'Infinity', limit: 100 },
    { query: { meta: { toast: false } } },
  );
  const rows = query.data?.data ?? [];
  return (
    <Card size="3" style={{ gridColumn: '1 / -1' }}>
      <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
        <Heading as="h2" size="3">
          Policies
        </Heading>
        {canWrite ? (
          <Button asChild variant="soft" size="2">
            <Link to={policyCreateForClientPath(clientId)}>
              <PlusIcon /> New policy
            </Link>
          </Button>
        ) : null}
      </Flex>
      {query.isError ? <ErrorCallout error={query.error} /> : null}
      {query.isSuccess && rows.length === 0 ? (
        <Text size="2" color="gray">
          No policies written for this client yet.
        </Text>
      ) : null}
      {rows.length > 0 ? (
        <DataTable label="Policies of the client" size="1" variant="ghost">
          <caption className="sr-only">Policies of the client</caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Policy</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Product</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell align="right">Target premium</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Submitted</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((p) => (
              <Table.Row key={p.id}>
                <Table.RowHeaderCell>
                  <Link className="row-link nowrap" to={policyPath(p)}>
                    {p.policy_number}
                  </Link>
                </Table.RowHeaderCell>
                <Table.Cell>
                  {p.provider_name} · {p.product_name}
                </Table.Cell>
                <Table.Cell>
                  <PolicyStatusBadge status={p.status} lapsed={Boolean(p.lapsed_on)} />
                </Table.Cell>
                <Table.Cell align="right" className="nowrap">
                  {formatCurrency(p.target_premium_cents)}
                </Table.Cell>
                <Table.Cell className="nowrap">{formatDate(p.submitted_on)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </DataTable>
      ) : null}
    </Card>
  );
}
