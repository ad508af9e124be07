import { Button, Dialog, Flex } from '@radix-ui/themes';
import type { FormEvent, ReactNode } from 'react';
import { ErrorCallout } from '@/components/error-callout';

export interface ProviderFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  submitting: boolean;
  /** A failure that is not about one field (shown above the fields). */
  error?: unknown;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A small form in a dialog (a provider's contact or list item): fields, Cancel and Save.
 *  It cannot be closed while it is being sent. */
export function ProviderFormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  submitting,
  error,
  onSubmit,
  children,
}: ProviderFormDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!submitting) onOpenChange(next);
      }}
    >
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {description}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <ErrorCallout error={error} />
          <fieldset disabled={submitting} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Flex direction="column" gap="4">
              {children}
            </Flex>
          </fieldset>
          <Flex gap="3" mt="5" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray" disabled={submitting}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
