import { Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  /** The id of the control; the label points at it and the error describes it. */
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}

/** A label, a control and its error message under it. The control sets aria-describedby to
 *  `fieldErrorId(id)` and aria-invalid when `error` is set. */
export function FormField({ id, label, required, error, hint, children }: FormFieldProps) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
        {required ? (
          <Text color="red" aria-hidden>
            {' '}
            *
          </Text>
        ) : null}
      </Text>
      {children}
      {error ? (
        <Text id={fieldErrorId(id)} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : hint ? (
        <Text size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** aria props of a control whose field may hold an error. */
export function fieldA11y(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? fieldErrorId(id) : undefined,
  } as const;
}
