import { Avatar, Button, Flex, Grid, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import {
  getAccountPhotoSignedURL,
  useDeleteAccountPhoto,
  useUpdateAccountPhoto,
} from '@/api/gen/endpoints/account/account';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField, fieldA11y } from '@/components/form-field';
import { FormFrame, FormSection } from '@/components/form-frame';
import { ACCOUNT_FORM_LABELS, ACCOUNT_PATH } from '@/lib/account-paths';
import { PHOTO_FILE, fileAccept, fileError } from '@/lib/file-rules';
import { updatedMessage } from '@/lib/form';
import { formatFileSize, initials } from '@/lib/format';
import { toast } from '@/lib/toast';
import { fileValue } from '@/lib/validation';
import { AccountFormPage, useAccountForm } from './account-form-page';
import { useAccountSaved } from './use-account-cache';
import { uploadFile } from '@/lib/upload';

const NAME = ACCOUNT_FORM_LABELS.photo;

const photoSchema = z.object({ file: fileValue() }).superRefine((v, ctx) => {
  const message = fileError(v.file, PHOTO_FILE, NAME);
  if (message) ctx.addIssue({ code: 'custom', path: ['file'], message });
});
type PhotoFormValues = z.input<typeof photoSchema>;
const PHOTO_FIELDS = ['file'] as const;

/** account/photo — the photo shown on the account, in the team and in the user menu. */
export function PhotoPage() {
  return (
    <AccountFormPage
      title="Change photo"
      description="A JPG, PNG or WebP image of at most 10 MB. It is cropped to a circle wherever it shows."
    >
      {(account) => <PhotoForm account={account} />}
    </AccountFormPage>
  );
}

/** A local URL of the chosen file for its preview: made when a file is chosen, revoked when
 *  another is chosen and when the form goes. */
function usePreview() {
  const current = useRef<string | undefined>(undefined);
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  const show = (file: File | undefined) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = file ? URL.createObjectURL(file) : undefined;
    setUrl(current.current);
  };
  return [url, show] as const;
}

/** The photo goes first to the upload URL of GET /account/photo/signed-url, then its id to
 *  PUT /account/photo, which checks it and answers the account with its new photo_url. */
function PhotoForm({ account }: { account: AccountProfile }) {
  const update = useUpdateAccountPhoto({ mutation: { meta: { inlineValidation: true } } });
  const remove = useDeleteAccountPhoto();
  const saved = useAccountSaved();
  const [preview, showPreview] = usePreview();
  const [removing, setRemoving] = useState(false);
  const { form, onSubmit, success, error, isSubmitting } = useAccountForm<PhotoFormValues>({
    schema: photoSchema,
    defaultValues: { file: undefined },
    fields: PHOTO_FIELDS,
    save: async ({ file }) => {
      if (!file) throw new Error('no file');
      const id = await uploadFile(getAccountPhotoSignedURL, file);
      const answer = await update.mutateAsync({ data: { file: id } });
      await saved(account.code, answer);
      return updatedMessage(NAME);
    },
  });
  const fileError = form.formState.errors.file?.message;
  const chosen = form.watch('file');
  const name = `${account.first_name} ${account.last_name}`;

  const onRemove = async () => {
    const answer = await remove.mutateAsync();
    await saved(account.code, answer);
    toast.success('Photo removed');
  };

  return (
    <>
      <FormFrame
        label={NAME}
        onSubmit={onSubmit}
        submitLabel="Save photo"
        cancelTo={ACCOUNT_PATH}
        isSubmitting={isSubmitting}
        successMessage={success}
        error={error}
      >
        <FormSection id="account-section-photo" title={NAME}>
          <Flex direction="column" gap="3" align="start">
            <Text size="2" weight="medium">
              {account.photo_url ? 'Current photo' : 'No photo yet: your initials show'}
            </Text>
            <Avatar
              size="8"
              radius="full"
              src={account.photo_url}
              alt="Your current photo"
              fallback={initials(name)}
            />
            {account.photo_url ? (
              <Button type="button" variant="soft" color="red" onClick={() => setRemoving(true)}>
                Remove photo
              </Button>
            ) : null}
          </Flex>
          <Flex direction="column" gap="3">
            <FormField
              id="account-file"
              label="New photo"
              required
              error={fileError}
              hint="JPG, PNG or WebP, at most 10 MB."
            >
              <Controller
                control={form.control}
                name="file"
                render={({ field }) => (
                  <input
                    {...fieldA11y('account-file', fileError)}
                    className="file-input"
                    type="file"
                    accept={fileAccept(PHOTO_FILE)}
                    name={field.name}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      showPreview(file);
                      field.onChange(file);
                    }}
                  />
                )}
              />
            </FormField>
            {chosen && preview ? (
              <Grid columns="auto 1fr" gap="3" align="center">
                <img
                  src={preview}
                  alt="Preview of the new photo"
                  width={96}
                  height={96}
                  style={{
                    objectFit: 'cover',
                    borderRadius: '50%',
                    border: '1px solid var(--gray-a6)',
                  }}
                />
                <Text size="1" color="gray">
                  {chosen.name} · {formatFileSize(chosen.size)}
                </Text>
              </Grid>
            ) : null}
          </Flex>
        </FormSection>
      </FormFrame>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Remove photo"
        description="Your initials show instead, on your account, in your team and in the menu."
        confirmLabel="Remove photo"
        onConfirm={onRemove}
      />
    </>
  );
}
