import { Button, Card, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { isFinal } from '@/components/error-panel';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { ReloadIcon } from '@/components/icons/reload';
import { errorMessage, errorStatus } from '@/lib/errors';

/** Nothing to show (an empty cart, no products), said plainly, with what to do next. */
export function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card size="2">
      <Flex direction="column" align="center" gap="3" py="5">
        <Text weight="medium">{title}</Text>
        {typeof children === 'string' ? (
          <Text size="2" color="gray" align="center">
            {children}
          </Text>
        ) : (
          children
        )}
      </Flex>
    </Card>
  );
}

/** Something could not be loaded: why, with Retry unless trying again cannot help. */
export function LoadFailure({
  what,
  error,
  onRetry,
  retrying,
}: {
  /** 'The products', 'Your cart'. */
  what: string;
  error: unknown;
  onRetry: () => unknown;
  retrying: boolean;
}) {
  return (
    <Card size="2">
      <Flex direction="column" align="center" gap="2" py="5" role="alert">
        <Flex align="center" gap="2">
          <Text color="red" asChild>
            <ExclamationTriangleIcon aria-hidden />
          </Text>
          <Text weight="medium">{what} could not be loaded</Text>
        </Flex>
        <Text size="2" color="gray" align="center">
          {errorMessage(error)}
        </Text>
        {isFinal(errorStatus(error)) ? null : (
          <Button mt="2" variant="soft" onClick={() => void onRetry()} loading={retrying}>
            <ReloadIcon aria-hidden /> Retry
          </Button>
        )}
      </Flex>
    </Card>
  );
}
