import { Button, Callout, Card, Flex, Spinner, Text } from '@radix-ui/themes';
import { useSyncExternalStore, type ReactNode } from 'react';
import { ErrorCallout } from '@/components/error-callout';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { ReloadIcon } from '@/components/icons/reload';
import type { ListQuery } from '@/components/list-table';
import { errorMessage } from '@/lib/errors';
import './provider-card-list.css';

/** At this width and below, the business lists show a card per row instead of a table. */
export const NARROW_QUERY = '(max-width: 600px)';

function subscribe(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(NARROW_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

const snapshot = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;

/** True on a phone-sized screen (NARROW_QUERY). */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

export interface CardListProps {
  /** The list's accessible name. */
  label: string;
  /** What the list holds, plural and lower case: 'The contacts could not be loaded'. */
  noun: string;
  query: ListQuery & { isPlaceholderData?: boolean };
  count: number;
  loadingLabel: string;
  emptyTitle: string;
  emptyText: string;
  /** The cards, each an <li>. */
  children: ReactNode;
}

/**
 * The phone form of a list table: a card per row, with the same honest states as ListTable
 * (loading, the failure with Retry, a failed refresh above the cards, the empty card).
 */
export function CardList({
  label,
  noun,
  query,
  count,
  loadingLabel,
  emptyTitle,
  emptyText,
  children,
}: CardListProps) {
  const failed = query.isError && !query.isPending;
  if (query.isPending) {
    return (
      <Flex justify="center" align="center" gap="2" py="6">
        <Spinner /> <Text color="gray">{loadingLabel}</Text>
      </Flex>
    );
  }
  if (failed && count === 0) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>
          <strong>{`The ${noun} could not be loaded: `}</strong>
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
    );
  }
  if (count === 0) {
    return (
      <Card size="2">
        <Flex direction="column" align="center" gap="2" py="4">
          <Text weight="medium">{emptyTitle}</Text>
          <Text size="2" color="gray" align="center">
            {emptyText}
          </Text>
        </Flex>
      </Card>
    );
  }
  return (
    <>
      {failed ? (
        <ErrorCallout error={query.error} title={`The ${noun} could not be refreshed`} />
      ) : null}
      <ul
        className="card-list"
        aria-label={label}
        aria-busy={query.isFetching}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
      >
        {children}
      </ul>
    </>
  );
}
