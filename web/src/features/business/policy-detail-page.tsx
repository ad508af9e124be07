import {
  Badge,
  Button,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  Link,
  Table,
  Text,
  TextField,
} from '@radix-ui/themes';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  useGetPolicyCommission,
  useLapsePolicy,
  useListPolicyHistory,
  useMovePolicy,
} from '@/api/gen/endpoints/business/business';
import type { Policy } from '@/api/gen/model/policy';
import { PolicyStatus } from '@/api/gen/model/policyStatus';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DetailField } from '@/components/detail-field';
import { ErrorCallout } from '@/components/error-callout';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { FormField } from '@/components/form-field';
import { Pencil1Icon } from '@/components/icons/pencil-1';
import { PageHeader } from '@/components/page-header';
import { BUSINESS_PATH, clientPath, policyEditPath, policyPath } from '@/lib/business-paths';
import { formatCurrency, formatDate, formatDateTime, formatRate } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { policyCashflowPath } from '@/lib/payments-paths';
import { isoDate } from '@/lib/period';
import { toast } from '@/lib/toast';
import { useAccess } from '@/lib/use-access';
import { CommissionLines } from './commission-lines';
import { PolicyStatusBadge } from '@/components/policy-badges';
import { PolicyRequirements } from './policy-requirements';
import { canReviewPolicies } from './policy-rights';
import { useInvalidatePolicies } from './use-policy-cache';
import { usePolicy } from './use-policy';
import './policies.css';
import { DataTable } from '@/components/data-table';

const WORKFLOW: readonly PolicyStatus[] = Object.values(PolicyStatus);

/** The workflow as steps, the policy's status marked; a lapse ends it. */
function StatusTimeline({ policy }: { policy: Policy }) {
  const current = WORKFLOW.indexOf(policy.status);
  const dated: Partial<Record<PolicyStatus, string>> = {
    Pending: policy.submitted_on,
    Approved: policy.approved_on,
  };
  return (
    <ol className="status-timeline" aria-label="Status">
      {WORKFLOW.map((status, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li key={status} data-state={state} aria-current={i === current ? 'step' : undefined}>
            <span className="status-timeline-dot" aria-hidden />
            <Text size="2" weight={i === current ? 'bold' : 'regular'}>
              {status}
            </Text>
            {dated[status] && i <= current ? (
              <Text size="1" color="gray">
                {formatDate(dated[status])}
              </Text>
            ) : null}
          </li>
        );
      })}
      {policy.lapsed_on ? (
        <li data-state="lapsed">
          <span className="status-timeline-dot" aria-hidden />
          <Text size="2" weight="bold" color="red">
            Lapsed
          </Text>
          <Text size="1" color="gray">
            {formatDate(policy.lapsed_on)}
          </Text>
        </li>
      ) : null}
    </ol>
  );
}

/** Who changed what and when (the change log), newest first. */
function PolicyHistory({ policyId }: { policyId: number }) {
  const query = useListPolicyHistory(policyId, { query: { meta: { toast: false } } });
  if (query.isError) return <ErrorCallout error={query.error} />;
  const rows = query.data?.data ?? [];
  if (!query.isSuccess) return <CenteredSpinner label="Loading history" />;
  if (rows.length === 0) return <Text color="gray">No changes recorded.</Text>;
  return (
    <DataTable label="Changes to the policy" size="1" variant="ghost">
      <caption className="sr-only">Changes to the policy</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Who</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Change</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((e) => (
          <Table.Row key={e.id}>
            <Table.Cell className="nowrap">{formatDateTime(e.at)}</Table.Cell>
            <Table.Cell>
              {e.actor}
              {e.staff ? (
                <Text size="1" color="gray">
                  {' '}
                  (staff: {e.staff})
                </Text>
              ) : null}
            </Table.Cell>
            <Table.Cell>
              {e.action === 'create'
                ? 'Created'
                : e.action === 'delete'
                  ? `Deleted ${e.field ?? ''}`
                  : `${e.field ?? ''}: ${e.old_value ?? '—'} → ${e.new_value ?? '—'}`}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </DataTable>
  );
}

/** What the policy earns everyone in its chain. */
function PolicyCommission({ policyId }: { policyId: number }) {
  const query = useGetPolicyCommission(policyId, { query: { meta: { toast: false } } });
  if (query.isError) return <ErrorCallout error={query.error} />;
  if (!query.isSuccess) return <CenteredSpinner label="Calculating commission" />;
  return <CommissionLines preview={query.data} caption="Commission of the policy" />;
}

/** Staff with policies.review: move the policy on, or record its lapse. */
function ReviewActions({ policy }: { policy: Policy }) {
  const move = useMovePolicy();
  const lapse = useLapsePolicy();
  const invalidate = useInvalidatePolicies();
  const [target, setTarget] = useState<PolicyStatus | null>(null);
  const [lapsing, setLapsing] = useState(false);
  const [lapsedOn, setLapsedOn] = useState(isoDate(new Date()));

  return (
    <>
      {policy.next_statuses.map((status) => (
        <Button
          key={status}
          variant={status === 'Approved' ? 'solid' : 'soft'}
          onClick={() => setTarget(status)}
        >
          {status === 'Approved' ? 'Approve' : `Move to ${status}`}
        </Button>
      ))}
      {policy.can_lapse ? (
        <Button variant="soft" color="red" onClick={() => setLapsing(true)}>
          Record lapse
        </Button>
      ) : null}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title={target === 'Approved' ? 'Approve policy' : `Move to ${target ?? ''}`}
        description={
          target === 'Approved'
            ? `Approve policy ${policy.policy_number}? Its commission is then paid to everyone in the chain.`
            : `Move policy ${policy.policy_number} from ${policy.status} to ${target ?? ''}?`
        }
        confirmLabel={target === 'Approved' ? 'Approve' : 'Move'}
        color="blue"
        onConfirm={async () => {
          if (!target) return;
          await move.mutateAsync({ id: policy.id, data: { status: target } });
          await invalidate();
          toast.success(`Policy ${policy.policy_number} is ${target}`);
        }}
      />
      <ConfirmDialog
        open={lapsing}
        onOpenChange={setLapsing}
        title="Record lapse"
        description={`Policy ${policy.policy_number} stops being in force. Commission already paid on it is charged back by the months it was in force.`}
        confirmLabel="Record lapse"
        onConfirm={async () => {
          await lapse.mutateAsync({ id: policy.id, data: { lapsed_on: lapsedOn } });
          await invalidate();
          toast.success(`Policy ${policy.policy_number} lapsed`);
        }}
      >
        <FormField id="lapsed-on" label="Lapsed on">
          <TextField.Root
            id="lapsed-on"
            type="date"
            value={lapsedOn}
            onChange={(e) => setLapsedOn(e.target.value)}
          />
        </FormField>
      </ConfirmDialog>
    </>
  );
}

/** An approved policy (and an archived one, which was approved before) has cashflow. */
function hasCashflow(policy: Policy): boolean {
  return policy.status === 'Approved' || policy.status === 'Archived';
}

/** business/:policyNumber — the policy, its status, requirements, history and commission; the
 *  writers edit it while it is open, staff with policies.review move it on. */
export function PolicyDetailPage() {
  const ref = usePolicy();
  const { permissions } = useAccess();
  const canReview = canReviewPolicies(permissions);
  const policy = ref.policy;
  usePageTitle(...(ref.failure ? [errorTitle(ref.failure)] : [`Policy ${ref.number}`, 'Business']));

  if (ref.failure) {
    return <ErrorPanel {...ref.failure} back={{ to: BUSINESS_PATH, label: 'Back to business' }} />;
  }
  if (ref.choices) {
    return (
      <>
        <Breadcrumbs items={[{ label: 'Business', to: BUSINESS_PATH }, { label: ref.number }]} />
        <PageHeader
          title={`Policy ${ref.number}`}
          description="Several providers have a policy with this number. Choose one."
        />
        <Flex direction="column" gap="2">
          {ref.choices.map((p) => (
            <Link key={p.id} asChild>
              <RouterLink to={policyPath(p)}>
                {p.provider_name} · {p.product_name} · {p.client_name}
              </RouterLink>
            </Link>
          ))}
        </Flex>
      </>
    );
  }
  if (!policy) return <CenteredSpinner />;

  const p = policy;
  return (
    <>
      <Breadcrumbs
        items={[{ label: 'Business', to: BUSINESS_PATH }, { label: `Policy ${p.policy_number}` }]}
      />
      <PageHeader
        title={`Policy ${p.policy_number}`}
        description={
          <Flex gap="2" align="center" wrap="wrap" asChild>
            <span>
              <PolicyStatusBadge status={p.status} lapsed={Boolean(p.lapsed_on)} />
              <Badge color="gray" variant="soft">
                {p.provider_name}
              </Badge>
              {p.writers.length > 1 ? (
                <Badge color="cyan" variant="soft">
                  Split
                </Badge>
              ) : null}
              {p.open_requirements > 0 ? (
                <Badge color="amber" variant="outline">
                  {p.open_requirements} open requirement{p.open_requirements === 1 ? '' : 's'}
                </Badge>
              ) : null}
            </span>
          </Flex>
        }
        actions={
          <>
            {hasCashflow(p) ? (
              <Button asChild variant="soft" color="gray">
                <RouterLink to={policyCashflowPath(p.id)}>Cashflow lines</RouterLink>
              </Button>
            ) : null}
            {p.can_edit ? (
              <Button asChild variant="soft">
                <RouterLink to={policyEditPath(p)}>
                  <Pencil1Icon /> Edit
                </RouterLink>
              </Button>
            ) : null}
            {canReview ? <ReviewActions policy={p} /> : null}
          </>
        }
      />
      <Flex direction="column" gap="4">
        <Card size="3">
          <StatusTimeline policy={p} />
        </Card>
        <Grid columns={{ initial: '1', md: '2' }} gap="4">
          <Card size="3">
            <Heading as="h2" size="3" mb="4">
              Policy
            </Heading>
            <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
              <DetailField label="Client">
                <span>
                  <Link asChild>
                    <RouterLink to={clientPath(p.client_id)}>{p.client_name}</RouterLink>
                  </Link>{' '}
                  ({p.client_state})
                </span>
              </DetailField>
              <DetailField label="Product">{`${p.product_name} · ${p.category} · ${p.type}`}</DetailField>
              <DetailField label="Face amount">{formatCurrency(p.face_amount_cents)}</DetailField>
              <DetailField label="Target premium">
                {formatCurrency(p.target_premium_cents)}
              </DetailField>
              <DetailField label="Commission rate">{formatRate(p.commission_rate_bp)}</DetailField>
              <DetailField label="BV">{formatCurrency(p.bv_cents)}</DetailField>
              <DetailField label="Submitted">{formatDate(p.submitted_on)}</DetailField>
              <DetailField label="Issued">{formatDate(p.issued_on)}</DetailField>
              <DetailField label="Approved">{formatDate(p.approved_on)}</DetailField>
              <DetailField label="Updated">{formatDateTime(p.updated_at)}</DetailField>
            </DataList.Root>
          </Card>
          <Card size="3">
            <Heading as="h2" size="3" mb="4">
              Writers
            </Heading>
            <DataTable label="Writing associates and their shares" size="1" variant="ghost">
              <caption className="sr-only">Writing associates and their shares</caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Associate</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell align="right">Share</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell align="right">BV</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {p.writers.map((w) => (
                  <Table.Row key={w.code}>
                    <Table.RowHeaderCell>
                      {w.name}{' '}
                      <Text size="1" color="gray">
                        {w.code}
                      </Text>
                    </Table.RowHeaderCell>
                    <Table.Cell align="right">{formatRate(w.share_bp)}</Table.Cell>
                    <Table.Cell align="right">{formatCurrency(w.bv_cents)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </DataTable>
            {p.trainer ? (
              <Text as="p" size="2" mt="3">
                Field trainer: {p.trainer.name} ({p.trainer.code})
              </Text>
            ) : null}
            <Heading as="h3" size="2" mt="4" mb="2">
              Notes
            </Heading>
            <Text
              as="p"
              size="2"
              style={{ whiteSpace: 'pre-wrap' }}
              color={p.notes ? undefined : 'gray'}
            >
              {p.notes || 'No notes.'}
            </Text>
          </Card>
        </Grid>
        <PolicyRequirements policyId={p.id} canManage={canReview} />
        <Card size="3">
          <Heading as="h2" size="3" mb="3">
            Commission
          </Heading>
          <PolicyCommission policyId={p.id} />
        </Card>
        <Card size="3">
          <Heading as="h2" size="3" mb="3">
            History
          </Heading>
          <PolicyHistory policyId={p.id} />
        </Card>
      </Flex>
    </>
  );
}
