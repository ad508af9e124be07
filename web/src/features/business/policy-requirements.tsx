import { Button, Card, Flex, Heading, IconButton, Table, Text, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import {
  useCreatePolicyRequirement,
  useDeletePolicyRequirement,
  useListPolicyRequirements,
  useUpdatePolicyRequirement,
} from '@/api/gen/endpoints/business/business';
import type { Requirement } from '@/api/gen/model/requirement';
import { RequirementStatus } from '@/api/gen/model/requirementStatus';
import { ChoiceSelect, enumChoices } from '@/components/choice-select';
import { DeleteDialog } from '@/components/confirm-dialog';
import { ErrorCallout } from '@/components/error-callout';
import { FormField } from '@/components/form-field';
import { PlusIcon } from '@/components/icons/plus';
import { TrashIcon } from '@/components/icons/trash';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { RequirementStatusBadge } from '@/components/policy-badges';
import { useInvalidatePolicies } from './use-policy-cache';
import { DataTable } from '@/components/data-table';

const STATUS_CHOICES = enumChoices(Object.values(RequirementStatus));

/** A policy's outstanding items. Staff with policies.review add them, settle them (Received,
 *  Waived) and delete them; everyone else reads. An open one keeps the policy in Action
 *  Required. */
export function PolicyRequirements({
  policyId,
  canManage,
}: {
  policyId: number;
  canManage: boolean;
}) {
  const query = useListPolicyRequirements(policyId, { query: { meta: { toast: false } } });
  const update = useUpdatePolicyRequirement();
  const remove = useDeletePolicyRequirement();
  const invalidate = useInvalidatePolicies();
  const [deleting, setDeleting] = useState<Requirement | null>(null);
  const rows = query.data?.data ?? [];

  const setStatus = async (r: Requirement, status: string) => {
    await update.mutateAsync({
      id: policyId,
      requirementId: r.id,
      data: { name: r.name, status: status as RequirementStatus, due_on: r.due_on },
    });
    await invalidate();
    toast.success(`${r.name}: ${status}`);
  };

  return (
    <Card size="3">
      <Heading as="h2" size="3" mb="3">
        Requirements
      </Heading>
      {query.isError ? <ErrorCallout error={query.error} /> : null}
      {query.isSuccess && rows.length === 0 ? (
        <Text size="2" color="gray">
          No requirements.
        </Text>
      ) : null}
      {rows.length > 0 ? (
        <DataTable label="Requirements of the policy" size="1" variant="ghost">
          <caption className="sr-only">Requirements of the policy</caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Requirement</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Due</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              {canManage ? (
                <Table.ColumnHeaderCell>
                  <span className="sr-only">Actions</span>
                </Table.ColumnHeaderCell>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.id} align="center">
                <Table.RowHeaderCell>{r.name}</Table.RowHeaderCell>
                <Table.Cell className="nowrap">{r.due_on ? formatDate(r.due_on) : '—'}</Table.Cell>
                <Table.Cell>
                  {canManage ? (
                    <>
                      <label htmlFor={`requirement-${r.id}-status`} className="sr-only">
                        Status of {r.name}
                      </label>
                      <ChoiceSelect
                        id={`requirement-${r.id}-status`}
                        value={r.status}
                        onChange={(s) => void setStatus(r, s)}
                        choices={STATUS_CHOICES}
                        disabled={update.isPending}
                      />
                    </>
                  ) : (
                    <RequirementStatusBadge status={r.status} />
                  )}
                </Table.Cell>
                {canManage ? (
                  <Table.Cell>
                    <IconButton
                      variant="ghost"
                      color="red"
                      aria-label={`Delete requirement ${r.name}`}
                      onClick={() => setDeleting(r)}
                    >
                      <TrashIcon />
                    </IconButton>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </DataTable>
      ) : null}
      {canManage ? <AddRequirement policyId={policyId} /> : null}
      <DeleteDialog
        name="requirement"
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync({ id: policyId, requirementId: deleting.id });
          await invalidate();
          toast.success('Requirement deleted successfully');
        }}
      />
    </Card>
  );
}

function AddRequirement({ policyId }: { policyId: number }) {
  const create = useCreatePolicyRequirement({ mutation: { meta: { toast: false } } });
  const invalidate = useInvalidatePolicies();
  const [name, setName] = useState('');
  const [due, setDue] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    await create.mutateAsync({
      id: policyId,
      data: { name: name.trim(), status: 'Open', due_on: due || undefined },
    });
    setName('');
    setDue('');
    await invalidate();
    toast.success('Requirement created successfully');
  };

  return (
    <form onSubmit={(e) => void submit(e).catch(() => undefined)} aria-label="Add a requirement">
      <Flex gap="3" align="end" wrap="wrap" mt="4">
        <FormField
          id="requirement-name"
          label="New requirement"
          error={missing ? 'New requirement is required' : undefined}
        >
          <TextField.Root
            id="requirement-name"
            value={name}
            maxLength={200}
            onChange={(e) => {
              setName(e.target.value);
              setMissing(false);
            }}
          />
        </FormField>
        <FormField id="requirement-due" label="Due">
          <TextField.Root
            id="requirement-due"
            type="date"
            value={due}
            onChange={(e) => setDue(e.target.value)}
          />
        </FormField>
        <Button type="submit" variant="soft" loading={create.isPending}>
          <PlusIcon /> Add
        </Button>
      </Flex>
      {create.isError ? (
        <Flex mt="3">
          <ErrorCallout error={create.error} />
        </Flex>
      ) : null}
    </form>
  );
}
