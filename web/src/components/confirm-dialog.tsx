import { AlertDialog, Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useId, useState, type ReactNode } from 'react';
import { useReturnFocus } from './return-focus';

export type ConfirmState = 'idle' | 'processing';

export const DEFAULT_CONFIRM_WORD = 'Yes';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** What the dialog asks besides the words of its description (a field), shown under it: the
   *  description is a paragraph, which a field cannot be inside. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  color?: 'red' | 'blue';
  /**
   * Typed confirmation: the confirm button stays disabled until the trimmed typed text equals
   * `confirmWord` (default 'Yes').
   */
  typedConfirmation?: boolean;
  confirmWord?: string;
  /** Runs while the dialog shows its processing state; the dialog closes when it resolves and
   *  stays open (back to idle) when it throws, so the caller can report the failure. */
  onConfirm: () => Promise<unknown> | void;
}

/** A confirm modal with idle and processing states, optionally asking for a typed word. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  color = 'red',
  typedConfirmation = false,
  confirmWord = DEFAULT_CONFIRM_WORD,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const [state, setState] = useState<ConfirmState>('idle');
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const returnFocus = useReturnFocus(open);
  const processing = state === 'processing';
  const confirmed = !typedConfirmation || typed.trim() === confirmWord;

  const changeOpen = (next: boolean) => {
    if (processing) return;
    if (!next) setTyped('');
    onOpenChange(next);
  };

  const confirm = async () => {
    if (!confirmed || processing) return;
    setState('processing');
    try {
      await onConfirm();
      setState('idle');
      setTyped('');
      onOpenChange(false);
    } catch {
      setState('idle');
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Content
        maxWidth="440px"
        data-state-confirm={state}
        onCloseAutoFocus={returnFocus}
      >
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        {children ? (
          <Flex direction="column" gap="3" mt="4">
            {children}
          </Flex>
        ) : null}
        {typedConfirmation ? (
          <Flex direction="column" gap="1" mt="4">
            <Text as="label" size="2" htmlFor={inputId}>
              Type <strong>{confirmWord}</strong> to confirm
            </Text>
            <TextField.Root
              id={inputId}
              value={typed}
              autoComplete="off"
              disabled={processing}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void confirm();
                }
              }}
            />
          </Flex>
        ) : null}
        <Flex gap="3" mt="5" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={processing}>
              {cancelLabel}
            </Button>
          </AlertDialog.Cancel>
          <Button
            color={color}
            disabled={!confirmed || processing}
            loading={processing}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

export interface DeleteDialogProps extends Omit<
  ConfirmDialogProps,
  'title' | 'description' | 'confirmLabel' | 'cancelLabel'
> {
  /** What is deleted, e.g. 'client': 'Are you sure you want to delete this client?' */
  name: string;
}

/** The delete confirmation of the spec: buttons Delete and Keep it. */
export function DeleteDialog({ name, ...props }: DeleteDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      title={`Delete ${name}`}
      description={`Are you sure you want to delete this ${name}?`}
      confirmLabel="Delete"
      cancelLabel="Keep it"
      color="red"
    />
  );
}
