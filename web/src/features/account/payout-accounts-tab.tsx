import { Badge, Button, Flex, Heading, Link, Table, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { useListPayoutAccounts } from '@/api/gen/endpoints/payouts/payouts';
import type { PayoutAccount } from '@/api/gen/model/payoutAccount';
import type { PayoutStatus } from '@/api/gen/model/payoutStatus';
import { ListTable } from '@/components/list-table';
import { PAYOUT_CREATE_PATH, payoutAccountPath } from '@/lib/account-paths';
import { formatDateTime } from '@/lib/format';

/** The colour of a payout account's status (a Record: a status the contract adds is named). */
export const PAYOUT_STATUS_COLORS: Record<PayoutStatus, 'green' | 'amber' | 'red' | 'gray'> = {
  Approved: 'green',
  'Pending For Admin': 'amber',
  'Pending For Owner': 'amber',
  'Pending For Associate': 'amber',
  'Rejected By Admin': 'red',
  'Rejected By Owner': 'red',
};

/** Who holds an account: 'Owner', or 'Authorized by {owner}'. */
export function holderText(a: Pick<PayoutAccount, 'holder' | 'holder_name'>): string {
  return a.holder === 'Authorized' ? `Authorized by ${a.holder_name ?? 'the owner'}` : 'Owner';
}

/**
 * account/payout-informations — the bank accounts commissions are paid into: the one in use
 * first, then the newest. Only the last four digits of a number are ever shown.
 */
export function PayoutAccountsTab() {
  const query = useListPayoutAccounts({ query: { meta: { toast: false } } });
  const accounts = query.data?.data ?? [];
  return (
    <>
      <Flex gap="3" mb="3" justify="between" align="start" wrap="wrap">
        <Flex direction="column" gap="1" maxWidth="640px">
          <Heading as="h2" size="4">
            Payout information
          </Heading>
          <Text size="2" color="gray">
            The bank accounts your commissions are paid into. A new account is checked by the
            payments team; the account in use stays until the new one is approved.
          </Text>
        </Flex>
        <Button asChild>
          <RouterLink to={PAYOUT_CREATE_PATH}>Add payout account</RouterLink>
        </Button>
      </Flex>
      <ListTable
        caption="Payout accounts"
        noun="payout accounts"
        query={query}
        count={accounts.length}
        columns={5}
        header={
          <>
            <Table.ColumnHeaderCell>Bank</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Account</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Holder</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Updated</Table.ColumnHeaderCell>
          </>
        }
        loadingLabel="Loading payout accounts…"
        emptyText="No payout accounts yet."
      >
        {accounts.map((a) => (
          <Table.Row key={a.id} align="center">
            <Table.RowHeaderCell>
              <Flex gap="2" align="center" wrap="wrap">
                <Link asChild weight="medium">
                  <RouterLink to={payoutAccountPath(a.id)}>{a.bank_name}</RouterLink>
                </Link>
                {a.active ? <Badge color="green">In use</Badge> : null}
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell className="nowrap">
              {a.account_type} ••••{a.account_last4}
            </Table.Cell>
            <Table.Cell>{holderText(a)}</Table.Cell>
            <Table.Cell>
              <Flex direction="column" gap="1">
                <Badge color={PAYOUT_STATUS_COLORS[a.status]}>{a.status}</Badge>
                {a.rejection_reason ? <Text size="1">{a.rejection_reason}</Text> : null}
                {a.note ? (
                  <Text size="1" color="gray">
                    {a.note}
                  </Text>
                ) : null}
              </Flex>
            </Table.Cell>
            <Table.Cell className="nowrap">{formatDateTime(a.updated_at)}</Table.Cell>
          </Table.Row>
        ))}
      </ListTable>
    </>
  );
}
