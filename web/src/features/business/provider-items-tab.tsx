import { Button, Callout, Flex, Heading, IconButton, Link, Spinner, Text } from '@radix-ui/themes';
import { useState } from 'react';
import {
  useDeleteProviderItem,
  useListProviderItems,
} from '@/api/gen/endpoints/providers/providers';
import type { ProviderItem } from '@/api/gen/model/providerItem';
import type { ProviderListKind } from '@/api/gen/model/providerListKind';
import { DeleteDialog } from '@/components/confirm-dialog';
import { ErrorCallout } from '@/components/error-callout';
import { DownloadIcon } from '@/components/icons/download';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { Pencil1Icon } from '@/components/icons/pencil-1';
import { PlusIcon } from '@/components/icons/plus';
import { ReloadIcon } from '@/components/icons/reload';
import { TrashIcon } from '@/components/icons/trash';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useInvalidateProvider } from './provider-cache';
import { ProviderItemDialog } from './provider-item-dialog';
import { useReorderProviderItems } from './provider-item-reorder';
import { ITEM_KINDS, itemDetail } from './provider-items';
import { useProvider } from './provider-layout';
import { ReorderList } from './reorder-list';

/** An item: its title as the link (a video or page in a new tab, a file to download). */
function ItemView({ kind, item }: { kind: ProviderListKind; item: ProviderItem }) {
  const detail = itemDetail(kind, item);
  const download = kind === 'attachments';
  return (
    <Flex direction="column" gap="1">
      <Flex align="center" gap="2">
        {item.url ? (
          <Link
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            weight="medium"
            {...(download ? { download: '' } : {})}
          >
            {item.title}
            {download ? <DownloadIcon aria-hidden style={{ marginLeft: 6 }} /> : null}
          </Link>
        ) : (
          <Text weight="medium">{item.title}</Text>
        )}
      </Flex>
      {detail ? (
        <Text size="1" color="gray">
          {detail}
        </Text>
      ) : null}
    </Flex>
  );
}

/**
 * A provider's videos, links or attachments, in their order. Everyone reads them; staff with
 * providers.manage add, edit, delete and reorder them (drag, the move buttons or Alt+Arrow),
 * each move sent at once and put back with a toast when the server refuses it.
 */
export function ProviderItemsTab({ kind }: { kind: ProviderListKind }) {
  const { provider, canManage } = useProvider();
  const info = ITEM_KINDS[kind];
  const query = useListProviderItems(provider.id, kind, { query: { meta: { toast: false } } });
  const { move, announcement } = useReorderProviderItems(provider.id, kind);
  const remove = useDeleteProviderItem();
  const invalidate = useInvalidateProvider(provider.id);
  // undefined: closed; null: a new item.
  const [editing, setEditing] = useState<ProviderItem | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ProviderItem | undefined>(undefined);
  const items = query.data?.data ?? [];
  const canReorder = canManage && items.length > 1;

  const onDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync({ id: provider.id, kind, itemId: deleting.id });
    await invalidate(kind);
    toast.success(`${info.Noun} deleted successfully`);
  };

  return (
    <>
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h2" size="4">
            {info.title}
          </Heading>
          {canReorder ? (
            <Text size="1" color="gray">
              Drag an item by its handle, or use the arrows, to change the order.
            </Text>
          ) : null}
        </Flex>
        {canManage ? (
          <Button onClick={() => setEditing(null)}>
            <PlusIcon /> Add {info.noun}
          </Button>
        ) : null}
      </Flex>

      {query.isPending ? (
        <Flex justify="center" align="center" gap="2" py="6">
          <Spinner /> <Text color="gray">Loading {info.title.toLowerCase()}…</Text>
        </Flex>
      ) : query.isError && items.length === 0 ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            <strong>The {info.title.toLowerCase()} could not be loaded: </strong>
            {errorMessage(query.error)}
          </Callout.Text>
          <Flex>
            <Button
              variant="soft"
              color="red"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              <ReloadIcon aria-hidden /> Retry
            </Button>
          </Flex>
        </Callout.Root>
      ) : items.length === 0 ? (
        <Flex direction="column" align="center" gap="2" py="6" className="reorder-list">
          <Text weight="medium">No {info.title.toLowerCase()} yet</Text>
          <Text size="2" color="gray">
            {canManage
              ? `Add the first ${info.noun} of ${provider.name}.`
              : `${provider.name} has no ${info.title.toLowerCase()} to show.`}
          </Text>
        </Flex>
      ) : (
        <>
          {query.isError ? (
            <ErrorCallout
              error={query.error}
              title={`The ${info.title.toLowerCase()} could not be refreshed`}
            />
          ) : null}
          <ReorderList
            items={items}
            getKey={(item) => item.id}
            getLabel={(item) => item.title}
            label={`${info.title} of ${provider.name}`}
            canReorder={canReorder}
            onMove={(item, to) => move(item, to, items.length)}
            announcement={announcement}
            renderItem={(item) => <ItemView kind={kind} item={item} />}
            renderActions={
              canManage
                ? (item) => (
                    <>
                      <IconButton
                        size="2"
                        variant="ghost"
                        color="gray"
                        aria-label={`Edit ${item.title}`}
                        onClick={() => setEditing(item)}
                      >
                        <Pencil1Icon />
                      </IconButton>
                      <IconButton
                        size="2"
                        variant="ghost"
                        color="red"
                        aria-label={`Delete ${item.title}`}
                        onClick={() => setDeleting(item)}
                      >
                        <TrashIcon />
                      </IconButton>
                    </>
                  )
                : undefined
            }
          />
        </>
      )}

      {canManage && editing !== undefined ? (
        <ProviderItemDialog
          key={editing?.id ?? 'new'}
          providerId={provider.id}
          kind={kind}
          item={editing ?? undefined}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
        />
      ) : null}
      <DeleteDialog
        name={info.noun}
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined);
        }}
        onConfirm={onDelete}
      />
    </>
  );
}

export function ProviderVideosTab() {
  return <ProviderItemsTab kind="videos" />;
}

export function ProviderLinksTab() {
  return <ProviderItemsTab kind="links" />;
}

export function ProviderAttachmentsTab() {
  return <ProviderItemsTab kind="attachments" />;
}
