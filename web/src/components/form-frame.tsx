import { Button, Card, Flex, Grid, Heading } from '@radix-ui/themes';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorCallout } from './error-callout';
import { SuccessCallout } from './success-callout';

/** A titled section of a form: its fields in a grid of two columns (one on a phone). */
export function FormSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Heading as="h2" size="3" mb="3" id={id}>
        {title}
      </Heading>
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        {children}
      </Grid>
    </section>
  );
}

export interface FormFrameProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  cancelTo: string;
  isSubmitting: boolean;
  /** Set once the form succeeded: shown as the success message; the form is then locked. */
  successMessage?: string | null;
  /** The failure of the last submit (shown above the fields; field errors sit by the fields). */
  error?: unknown;
  children: ReactNode;
}

/** The frame of an entity form: a card with the success or failure message, the fields
 *  (locked while submitting and after success), and Cancel and submit at the end. */
export function FormFrame({
  label,
  onSubmit,
  submitLabel,
  cancelTo,
  isSubmitting,
  successMessage,
  error,
  children,
}: FormFrameProps) {
  const locked = isSubmitting || Boolean(successMessage);
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Card size="3">
        <Flex direction="column" gap="5">
          {successMessage ? <SuccessCallout>{successMessage}</SuccessCallout> : null}
          <ErrorCallout error={error} />

          <fieldset disabled={locked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Flex direction="column" gap="5">
              {children}
            </Flex>
          </fieldset>

          <Flex gap="3" justify="end">
            <Button asChild variant="soft" color="gray">
              <Link to={cancelTo}>Cancel</Link>
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={locked}>
              {submitLabel}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </form>
  );
}
