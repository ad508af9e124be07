import { Button, Card, Flex, Heading, IconButton, Link, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import {
  useDeleteProviderContact,
  useListProviderContacts,
} from '@/api/gen/endpoints/providers/providers';
import type { ProviderContact } from '@/api/gen/model/providerContact';
import { DeleteDialog } from '@/components/confirm-dialog';
import { Pencil1Icon } from '@/components/icons/pencil-1';
import { PlusIcon } from '@/components/icons/plus';
import { TrashIcon } from '@/components/icons/trash';
import { ListTable } from '@/components/list-table';
import { formatPhone } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useInvalidateProvider } from './provider-cache';
import { CardList, useNarrow } from './provider-card-list';
import { ProviderContactDialog } from './provider-contact-dialog';
import { useProvider } from './provider-layout';

function ContactActions({
  contact,
  onEdit,
  onDelete,
}: {
  contact: ProviderContact;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Flex className="provider-row-actions" gap="1" justify="end">
      <IconButton
        size="2"
        variant="ghost"
        color="gray"
        aria-label={`Edit ${contact.name}`}
        onClick={onEdit}
      >
        <Pencil1Icon />
      </IconButton>
      <IconButton
        size="2"
        variant="ghost"
        color="red"
        aria-label={`Delete ${contact.name}`}
        onClick={onDelete}
      >
        <TrashIcon />
      </IconButton>
    </Flex>
  );
}

function Phone({ phone }: { phone: string | undefined }) {
  return phone ? (
    <Link href={`tel:${phone}`}>{formatPhone(phone)}</Link>
  ) : (
    <Text color="gray">—</Text>
  );
}

function Email({ email }: { email: string | undefined }) {
  return email ? <Link href={`mailto:${email}`}>{email}</Link> : <Text color="gray">—</Text>;
}

/** The contacts tab (the index of a provider): who to call there. Staff with
 *  providers.manage add, edit and delete them. */
export function ProviderContactsTab() {
  const { provider, canManage } = useProvider();
  const query = useListProviderContacts(provider.id, { query: { meta: { toast: false } } });
  const remove = useDeleteProviderContact();
  const invalidate = useInvalidateProvider(provider.id);
  // undefined: closed; null: a new contact.
  const [editing, setEditing] = useState<ProviderContact | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ProviderContact | undefined>(undefined);
  const contacts = query.data?.data ?? [];
  const narrow = useNarrow();
  const emptyText = canManage
    ? 'Add the people to call at this provider.'
    : 'This provider lists no contacts.';

  const onDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync({ id: provider.id, itemId: deleting.id });
    await invalidate('contacts');
    toast.success('Contact deleted successfully');
  };

  return (
    <>
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4">
          Contacts
        </Heading>
        {canManage ? (
          <Button onClick={() => setEditing(null)}>
            <PlusIcon /> Add contact
          </Button>
        ) : null}
      </Flex>
      {narrow ? (
        <CardList
          label={`Contacts at ${provider.name}`}
          noun="contacts"
          query={query}
          count={contacts.length}
          loadingLabel="Loading contacts…"
          emptyTitle="No contacts yet"
          emptyText={emptyText}
        >
          {contacts.map((contact) => (
            <li key={contact.id}>
              <Card size="2">
                <Flex justify="between" align="start" gap="3">
                  <Flex direction="column" gap="1" minWidth="0">
                    <Heading as="h3" size="3">
                      {contact.name}
                    </Heading>
                    <Text size="2" color="gray">
                      {contact.role}
                    </Text>
                    {contact.phone ? (
                      <Text size="2">
                        <Phone phone={contact.phone} />
                      </Text>
                    ) : null}
                    {contact.email ? (
                      <Text size="2" className="provider-contact-email">
                        <Email email={contact.email} />
                      </Text>
                    ) : null}
                  </Flex>
                  {canManage ? (
                    <ContactActions
                      contact={contact}
                      onEdit={() => setEditing(contact)}
                      onDelete={() => setDeleting(contact)}
                    />
                  ) : null}
                </Flex>
              </Card>
            </li>
          ))}
        </CardList>
      ) : (
        <ListTable
          caption={`Contacts at ${provider.name}`}
          noun="contacts"
          query={query}
          count={contacts.length}
          columns={canManage ? 5 : 4}
          header={
            <>
              <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Phone</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
              {canManage ? (
                <Table.ColumnHeaderCell>
                  <span className="sr-only">Actions</span>
                </Table.ColumnHeaderCell>
              ) : null}
            </>
          }
          loadingLabel="Loading contacts…"
          emptyTitle="No contacts yet"
          emptyText={emptyText}
        >
          {contacts.map((contact) => (
            <Table.Row key={contact.id} align="center">
              <Table.RowHeaderCell className="nowrap">
                <Text weight="medium">{contact.name}</Text>
              </Table.RowHeaderCell>
              <Table.Cell>{contact.role}</Table.Cell>
              <Table.Cell className="nowrap">
                <Phone phone={contact.phone} />
              </Table.Cell>
              <Table.Cell className="nowrap">
                <Email email={contact.email} />
              </Table.Cell>
              {canManage ? (
                <Table.Cell justify="end">
                  <ContactActions
                    contact={contact}
                    onEdit={() => setEditing(contact)}
                    onDelete={() => setDeleting(contact)}
                  />
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </ListTable>
      )}

      {canManage && editing !== undefined ? (
        <ProviderContactDialog
          key={editing?.id ?? 'new'}
          providerId={provider.id}
          contact={editing ?? undefined}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
        />
      ) : null}
      <DeleteDialog
        name="contact"
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined);
        }}
        onConfirm={onDelete}
      />
    </>
  );
}
