import { zodResolver } from '@hookform/resolvers/zod';
import { Text, TextField } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  createProviderItem,
  getProviderAttachmentSignedURL,
  updateProviderItem,
} from '@/api/gen/endpoints/providers/providers';
import type { ProviderItem } from '@/api/gen/model/providerItem';
import type { ProviderItemInput } from '@/api/gen/model/providerItemInput';
import type { ProviderListKind } from '@/api/gen/model/providerListKind';
import { FormField, fieldA11y } from '@/components/form-field';
import { fieldErrors } from '@/lib/errors';
import { formatFileSize } from '@/lib/format';
import { requiredMessage } from '@/lib/field-rules';
import { applyServerErrors, createdMessage, updatedMessage } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useInvalidateProvider } from './provider-cache';
import { ProviderFormDialog } from './provider-form-dialog';
import {
  ITEM_LABELS as L,
  itemFormSchema,
  itemToForm,
  type ItemFormValues,
} from './provider-item-schema';
import { ATTACHMENT_ACCEPT, ITEM_KINDS } from './provider-items';
import { uploadFile } from '@/lib/upload';

export interface ProviderItemDialogProps {
  providerId: number;
  kind: ProviderListKind;
  /** The item to edit; a new one (added at the end) without it. */
  item?: ProviderItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface Save {
  values: ItemFormValues;
  file: File | undefined;
}

/**
 * Adds or edits an item of a provider's ordered list (staff with providers.manage): a title
 * and a URL, or for an attachment a title and a file. A file goes first to the upload URL of
 * GET …/attachments/signed-url, then its id into the item. Render it with a `key` per item.
 */
export function ProviderItemDialog({
  providerId,
  kind,
  item,
  open,
  onOpenChange,
}: ProviderItemDialogProps) {
  const info = ITEM_KINDS[kind];
  const attachment = kind === 'attachments';
  const invalidate = useInvalidateProvider(providerId);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const form = useForm<ItemFormValues>({
    resolver: zodResolver(itemFormSchema(kind)),
    defaultValues: itemToForm(item, kind),
    mode: 'onTouched',
  });
  const save = useMutation({
    meta: { toast: false },
    mutationFn: async ({ values, file }: Save) => {
      let body: ProviderItemInput = { title: values.title.trim() };
      if (attachment) {
        let fileId = item?.file_id;
        if (file) {
          fileId = await uploadFile(() => getProviderAttachmentSignedURL(providerId), file);
        }
        body = { ...body, file_id: fileId };
      } else {
        body = { ...body, url: values.url.trim() };
      }
      return item
        ? updateProviderItem(providerId, kind, item.id, body)
        : createProviderItem(providerId, kind, body);
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    if (attachment && !item && !file) {
      setFileError(requiredMessage(L.file));
      return;
    }
    try {
      await save.mutateAsync({ values, file });
    } catch (failure) {
      applyServerErrors(failure, form.setError, ['title', 'url']);
      const onFile = fieldErrors(failure).find((e) => e.field === 'file_id' || e.field === 'file');
      if (onFile) setFileError(onFile.message);
      return;
    }
    await invalidate(kind);
    toast.success(item ? updatedMessage(info.Noun) : createdMessage(info.Noun));
    onOpenChange(false);
  });

  const titleError = errors.title?.message;
  const urlError = errors.url?.message;

  return (
    <ProviderFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? `Edit ${info.noun}` : `Add ${info.noun}`}
      description={
        item
          ? `Change the ${info.noun} “${item.title}”.`
          : `The new ${info.noun} goes at the end of the list.`
      }
      submitLabel={item ? `Save ${info.noun}` : `Add ${info.noun}`}
      submitting={form.formState.isSubmitting}
      error={save.error}
      onSubmit={(event) => void submit(event)}
    >
      <FormField id="item-title" label={L.title} error={titleError} required>
        <TextField.Root
          {...fieldA11y('item-title', titleError)}
          autoComplete="off"
          {...form.register('title')}
        />
      </FormField>
      {attachment ? (
        <FormField
          id="item-file"
          label={item ? 'Replace the file' : L.file}
          error={fileError}
          required={!item}
          hint="PDF, Excel (XLSX), CSV, JPG, PNG or WebP."
        >
          <input
            {...fieldA11y('item-file', fileError)}
            className="file-input"
            type="file"
            accept={ATTACHMENT_ACCEPT}
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setFileError(undefined);
            }}
          />
          {file ? (
            <Text size="1" color="gray">
              {file.name} · {formatFileSize(file.size)}
            </Text>
          ) : null}
        </FormField>
      ) : (
        <FormField id="item-url" label={L.url} error={urlError} required>
          <TextField.Root
            {...fieldA11y('item-url', urlError)}
            type="url"
            inputMode="url"
            placeholder="https://"
            autoComplete="off"
            {...form.register('url')}
          />
        </FormField>
      )}
    </ProviderFormDialog>
  );
}
