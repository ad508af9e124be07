import { Badge, Button, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  getListLoginSessionsQueryKey,
  useListLoginSessions,
  useRevokeLoginSession,
  useRevokeOtherSessions,
} from '@/api/gen/endpoints/account/account';
import type { LoginSession } from '@/api/gen/model/loginSession';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ExitIcon } from '@/components/icons/exit';
import { ListTable } from '@/components/list-table';
import { formatDateTime } from '@/lib/format';
import { endSession } from '@/lib/session';
import { toast } from '@/lib/toast';

export const endedMessage = (count: number) =>
  count === 1 ? '1 other session ended' : `${count} other sessions ended`;

/** What a session's revoke button is called (the device alone may name several sessions). */
const revokeName = (s: LoginSession) =>
  s.current
    ? `Sign out of this device (${s.device})`
    : `Revoke the session on ${s.device}, last seen ${formatDateTime(s.last_seen_at)}`;

/**
 * account/login-sessions — the caller's live sessions, this one first: device, IP, created and
 * last seen. One can be revoked (this one too: a logout), or all the others at once.
 */
export function LoginSessionsTab() {
  const query = useListLoginSessions({ query: { meta: { toast: false } } });
  const revoke = useRevokeLoginSession();
  const revokeOthers = useRevokeOtherSessions();
  const queryClient = useQueryClient();
  // The session asked about (kept while the dialog closes, so that its words do not change).
  const [ending, setEnding] = useState<LoginSession | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const [endingOthers, setEndingOthers] = useState(false);
  const sessions = query.data?.data ?? [];
  const others = sessions.filter((s) => !s.current).length;
  const refresh = () => queryClient.invalidateQueries({ queryKey: getListLoginSessionsQueryKey() });

  const onRevoke = async () => {
    if (!ending) return;
    await revoke.mutateAsync({ id: ending.id });
    if (ending.current) {
      // This browser's own session: the logout it is. The guard then shows the login page.
      endSession();
      queryClient.clear();
      return;
    }
    await refresh();
    toast.success('Session ended');
  };

  const onRevokeOthers = async () => {
    const { revoked } = await revokeOthers.mutateAsync();
    await refresh();
    toast.success(endedMessage(revoked));
  };

  return (
    <>
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h2" size="4">
            Login sessions
          </Heading>
          <Text size="2" color="gray">
            The browsers and devices signed in to your account.
          </Text>
        </Flex>
        <Button
          variant="soft"
          color="red"
          disabled={others === 0}
          onClick={() => setEndingOthers(true)}
        >
          <ExitIcon aria-hidden /> Sign out all other sessions
        </Button>
      </Flex>
      <ListTable
        caption="Login sessions"
        noun="login sessions"
        query={query}
        count={sessions.length}
        columns={5}
        header={
          <>
            <Table.ColumnHeaderCell>Device</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>IP</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Created</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Last seen</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <span className="sr-only">Actions</span>
            </Table.ColumnHeaderCell>
          </>
        }
        loadingLabel="Loading sessions…"
        emptyText="No live sessions."
      >
        {sessions.map((session) => (
          <Table.Row key={session.id} align="center">
            <Table.RowHeaderCell>
              <Flex gap="2" align="center" wrap="wrap">
                <Text weight="medium">{session.device}</Text>
                {session.current ? (
                  <Badge color="cyan" variant="soft">
                    This device
                  </Badge>
                ) : null}
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell className="nowrap">{session.ip ?? '—'}</Table.Cell>
            <Table.Cell className="nowrap">{formatDateTime(session.created_at)}</Table.Cell>
            <Table.Cell className="nowrap">{formatDateTime(session.last_seen_at)}</Table.Cell>
            <Table.Cell justify="end">
              <Button
                size="1"
                variant="soft"
                color={session.current ? 'gray' : 'red'}
                aria-label={revokeName(session)}
                onClick={() => {
                  setEnding(session);
                  setAsking(true);
                }}
              >
                {session.current ? 'Sign out' : 'Revoke'}
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </ListTable>

      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={ending?.current ? 'Sign out of this device' : 'Revoke session'}
        description={
          ending?.current
            ? 'This session ends, and you go to the login page.'
            : `The session on ${ending?.device ?? ''}${ending?.ip ? ` (${ending.ip})` : ''} ends: that device has to log in again.`
        }
        confirmLabel={ending?.current ? 'Sign out' : 'Revoke'}
        onConfirm={onRevoke}
      />
      <ConfirmDialog
        open={endingOthers}
        onOpenChange={setEndingOthers}
        title="Sign out all other sessions"
        description="Every session but this one ends: those devices have to log in again."
        confirmLabel="Sign out others"
        onConfirm={onRevokeOthers}
      />
    </>
  );
}
