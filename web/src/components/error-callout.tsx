import { Callout } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { VALIDATION_ERROR, errorMessage } from '@/lib/errors';

/** An inline error panel. A 'Validation error' message hides the panel (the fields say it). */
export function ErrorCallout({ error, title }: { error: unknown; title?: string }) {
  const message = errorMessage(error);
  if (!error || message === VALIDATION_ERROR) return null;
  return (
    <Callout.Root color="red" role="alert" mb="4">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        {title ? <strong>{title}: </strong> : null}
        {message}
      </Callout.Text>
    </Callout.Root>
  );
}
