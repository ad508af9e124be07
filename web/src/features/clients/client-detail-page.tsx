import { Badge, Button, Card, DataList, Flex, Grid, Heading, Link, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  getGetClientQueryKey,
  useDeleteClient,
  useGetClient,
} from '@/api/gen/endpoints/clients/clients';
import type { Client } from '@/api/gen/model/client';
import { DetailField } from '@/components/detail-field';
import { CenteredSpinner } from '@/components/centered-spinner';
import { DeleteDialog } from '@/components/confirm-dialog';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { Pencil1Icon } from '@/components/icons/pencil-1';
import { TrashIcon } from '@/components/icons/trash';
import { PageHeader } from '@/components/page-header';
import { errorDetails } from '@/lib/errors';
import { formatCurrency, formatDate, formatDateTime, formatPhone } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { stateLabel } from '@/lib/states';
import { toast } from '@/lib/toast';
import { ClientPolicies } from './client-policies';
import { CLIENTS_PATH, clientEditPath } from './paths';
import { useClientId } from './use-client-id';
import { useInvalidateClients } from './use-client-cache';

function address(client: Client): ReactNode {
  const lines = [
    client.address_line1,
    client.address_line2,
    [client.city, [client.state, client.postal_code].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    client.country,
  ].filter(Boolean);
  return lines.length ? (
    <Flex direction="column">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Flex>
  ) : (
    ''
  );
}

/** business/clients/:id — every field, formatted; Edit and Delete only when can_edit. */
export function ClientDetailPage() {
  const id = useClientId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateClients();
  const [confirming, setConfirming] = useState(false);
  const client = useGetClient(id ?? 0, {
    query: { enabled: id !== undefined, meta: { toast: false } },
  });
  const remove = useDeleteClient();
  const failure =
    id === undefined
      ? { status: 404, message: 'Client not found' }
      : client.isError
        ? errorDetails(client.error)
        : undefined;
  const loadedName = client.data ? `${client.data.first_name} ${client.data.last_name}` : 'Client';
  usePageTitle(...(failure ? [errorTitle(failure)] : [loadedName, 'Clients']));

  if (failure) {
    return <ErrorPanel {...failure} back={{ to: CLIENTS_PATH, label: 'Back to clients' }} />;
  }
  if (!client.isSuccess || id === undefined) return <CenteredSpinner />;

  const c = client.data;
  const name = `${c.first_name} ${c.last_name}`;

  const onDelete = async () => {
    await remove.mutateAsync({ id });
    queryClient.removeQueries({ queryKey: getGetClientQueryKey(id) });
    await invalidate();
    toast.success('Client deleted successfully');
    navigate(CLIENTS_PATH, { replace: true });
  };

  return (
    <>
      <Breadcrumbs items={[{ label: 'Clients', to: CLIENTS_PATH }, { label: name }]} />
      <PageHeader
        title={name}
        description={
          <Flex gap="2" align="center" wrap="wrap" asChild>
            <span>
              <Badge color="gray" variant="soft">
                Client #{c.id}
              </Badge>
              <Badge color="blue" variant="soft">
                {c.country}
              </Badge>
              {!c.can_edit ? <Badge color="amber">Downline client · read only</Badge> : null}
            </span>
          </Flex>
        }
        actions={
          c.can_edit ? (
            <>
              <Button asChild variant="soft">
                <RouterLink to={clientEditPath(id)}>
                  <Pencil1Icon /> Edit
                </RouterLink>
              </Button>
              <Button color="red" variant="soft" onClick={() => setConfirming(true)}>
                <TrashIcon /> Delete
              </Button>
            </>
          ) : null
        }
      />
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <Card size="3">
          <Heading as="h2" size="3" mb="4">
            Person and contact
          </Heading>
          <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
            <DetailField label="First name">{c.first_name}</DetailField>
            <DetailField label="Last name">{c.last_name}</DetailField>
            <DetailField label="Date of birth">{formatDate(c.date_of_birth)}</DetailField>
            <DetailField label="Gender">{c.gender}</DetailField>
            <DetailField label="Marital status">{c.marital_status}</DetailField>
            <DetailField label="Email">
              {c.email ? <Link href={`mailto:${c.email}`}>{c.email}</Link> : ''}
            </DetailField>
            <DetailField label="Phone">
              {c.phone ? <Link href={`tel:${c.phone}`}>{formatPhone(c.phone)}</Link> : ''}
            </DetailField>
          </DataList.Root>
        </Card>
        <Card size="3">
          <Heading as="h2" size="3" mb="4">
            Address and finances
          </Heading>
          <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
            <DetailField label="Address">{address(c)}</DetailField>
            <DetailField label="State / province">
              {c.state ? `${stateLabel(c.state)} (${c.state})` : ''}
            </DetailField>
            <DetailField label="Annual income">{formatCurrency(c.annual_income)}</DetailField>
            <DetailField label="Associate">{`${c.associate_name} (${c.associate_code})`}</DetailField>
            <DetailField label="Created">{formatDateTime(c.created_at)}</DetailField>
            <DetailField label="Updated">{formatDateTime(c.updated_at)}</DetailField>
          </DataList.Root>
        </Card>
        <Card size="3" style={{ gridColumn: '1 / -1' }}>
          <Heading as="h2" size="3" mb="3">
            Notes
          </Heading>
          <Text
            as="p"
            size="2"
            style={{ whiteSpace: 'pre-wrap' }}
            color={c.notes ? undefined : 'gray'}
          >
            {c.notes || 'No notes.'}
          </Text>
        </Card>
        <ClientPolicies clientId={id} canWrite={c.can_edit} />
      </Grid>
      <DeleteDialog
        name="client"
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={onDelete}
      />
    </>
  );
}
