import { Badge, Callout, Flex, Table, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import {
  useListAssociateAppointments,
  useListAssociateLevelHistory,
  useListAssociateLicenses,
} from '@/api/gen/endpoints/associates/associates';
import type { Appointment } from '@/api/gen/model/appointment';
import type { License } from '@/api/gen/model/license';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { ListTable, type ListQuery } from '@/components/list-table';
import { formatDate, formatNumber } from '@/lib/format';
import { useAssociate } from './associate-layout';
import { LevelBadge } from './badges';
import { LICENSE_STATE_LABELS, licenseNotice, licenseState } from './license-status';
import './team.css';

/** A table of one of the associate's lists, with its loading, error and empty states. */
function AssociateListTable({
  caption,
  headers,
  query,
  empty,
  children,
  count,
}: {
  caption: string;
  headers: { label: string; align?: 'right' }[];
  query: ListQuery;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <ListTable
      caption={caption}
      noun={caption.toLowerCase()}
      query={query}
      count={count}
      columns={headers.length}
      header={headers.map((h) => (
        <Table.ColumnHeaderCell key={h.label} align={h.align}>
          {h.label}
        </Table.ColumnHeaderCell>
      ))}
      emptyText={empty}
    >
      {children}
    </ListTable>
  );
}

const LICENSE_BADGE: Record<ReturnType<typeof licenseState>, 'red' | 'amber' | 'green'> = {
  expired: 'red',
  expiring: 'amber',
  active: 'green',
};

export function LicenseRow({ license }: { license: License }) {
  const state = licenseState(license);
  return (
    <Table.Row className={`license-row license-row-${state}`} data-state={state}>
      <Table.RowHeaderCell>{license.state}</Table.RowHeaderCell>
      <Table.Cell className="nowrap">{license.number}</Table.Cell>
      <Table.Cell>{license.residency}</Table.Cell>
      <Table.Cell>{license.lines_of_authority.join(', ') || '—'}</Table.Cell>
      <Table.Cell className="nowrap">{formatDate(license.issued_on)}</Table.Cell>
      <Table.Cell className="nowrap">
        <Text weight={state === 'active' ? undefined : 'bold'}>
          {formatDate(license.expires_on)}
        </Text>
      </Table.Cell>
      <Table.Cell className="nowrap">
        <Badge color={LICENSE_BADGE[state]} variant={state === 'active' ? 'soft' : 'solid'}>
          {LICENSE_STATE_LABELS[state]}
        </Badge>
      </Table.Cell>
    </Table.Row>
  );
}

/** Licenses, soonest expiry first; expired and expiring (within 90 days) ones stand out. */
export function AssociateLicensesTab() {
  const { code } = useAssociate();
  const query = useListAssociateLicenses(code, { query: { meta: { toast: false } } });
  const licenses = query.data?.data ?? [];
  const notice = licenseNotice(licenses);
  return (
    <>
      {notice ? (
        <Callout.Root color="amber" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{notice}</Callout.Text>
        </Callout.Root>
      ) : null}
      <AssociateListTable
        caption="Licenses"
        headers={[
          { label: 'State' },
          { label: 'Number' },
          { label: 'Residency' },
          { label: 'Lines of authority' },
          { label: 'Issued' },
          { label: 'Expires' },
          { label: 'Status' },
        ]}
        query={query}
        empty="No licenses on file."
        count={licenses.length}
      >
        {licenses.map((license) => (
          <LicenseRow key={license.id} license={license} />
        ))}
      </AssociateListTable>
    </>
  );
}

const APPOINTMENT_COLORS: Record<Appointment['status'], 'green' | 'amber' | 'red' | 'gray'> = {
  Appointed: 'green',
  Pending: 'amber',
  Declined: 'red',
  Terminated: 'gray',
};

export function AssociateAppointmentsTab() {
  const { code } = useAssociate();
  const query = useListAssociateAppointments(code, { query: { meta: { toast: false } } });
  const rows = query.data?.data ?? [];
  return (
    <AssociateListTable
      caption="Provider appointments"
      headers={[
        { label: 'Provider' },
        { label: 'State' },
        { label: 'Writing number' },
        { label: 'Status' },
        { label: 'Requested' },
        { label: 'Appointed' },
        { label: 'Terminated' },
      ]}
      query={query}
      empty="No provider appointments."
      count={rows.length}
    >
      {rows.map((a) => (
        <Table.Row key={a.id}>
          <Table.RowHeaderCell>
            <Flex direction="column">
              <Text className="nowrap">{a.provider_name}</Text>
              <Text size="1" color="gray">
                {a.provider_code}
              </Text>
            </Flex>
          </Table.RowHeaderCell>
          <Table.Cell>{a.state}</Table.Cell>
          <Table.Cell className="nowrap">{a.writing_number ?? '—'}</Table.Cell>
          <Table.Cell>
            <Badge color={APPOINTMENT_COLORS[a.status]} variant="soft">
              {a.status}
            </Badge>
          </Table.Cell>
          <Table.Cell className="nowrap">{formatDate(a.requested_on)}</Table.Cell>
          <Table.Cell className="nowrap">{formatDate(a.appointed_on) || '—'}</Table.Cell>
          <Table.Cell className="nowrap">{formatDate(a.terminated_on) || '—'}</Table.Cell>
        </Table.Row>
      ))}
    </AssociateListTable>
  );
}

export function AssociateLevelHistoryTab() {
  const { code } = useAssociate();
  const query = useListAssociateLevelHistory(code, { query: { meta: { toast: false } } });
  const rows = query.data?.data ?? [];
  return (
    <AssociateListTable
      caption="Level qualification history"
      headers={[
        { label: 'Effective' },
        { label: 'Level' },
        { label: 'Points', align: 'right' },
        { label: 'Recruits', align: 'right' },
        { label: 'Approved by' },
      ]}
      query={query}
      empty="No level changes on file."
      count={rows.length}
    >
      {rows.map((change) => (
        <Table.Row key={change.id}>
          <Table.RowHeaderCell className="nowrap">
            {formatDate(change.effective_on)}
          </Table.RowHeaderCell>
          <Table.Cell>
            <LevelBadge level={change.level} full />
          </Table.Cell>
          <Table.Cell align="right">{formatNumber(change.points)}</Table.Cell>
          <Table.Cell align="right">{formatNumber(change.recruits)}</Table.Cell>
          <Table.Cell>{change.approved_by ?? '—'}</Table.Cell>
        </Table.Row>
      ))}
    </AssociateListTable>
  );
}
