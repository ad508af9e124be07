import { Callout } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { CheckCircledIcon } from './icons/check-circled';

/** A success message (a form's, or what the server says happens next: a Notice). */
export function SuccessCallout({ children }: { children: ReactNode }) {
  return (
    <Callout.Root color="green" role="status">
      <Callout.Icon>
        <CheckCircledIcon />
      </Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}
