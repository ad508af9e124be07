import { Button, Flex, Select, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { ChevronLeftIcon } from '@/components/icons/chevron-left';
import { ChevronRightIcon } from '@/components/icons/chevron-right';
import type { Listing } from '@/lib/listing-state';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface PaginationProps {
  page: number;
  limit: number;
  /** Rows shown on this page. */
  count: number;
  /** True when the API answered the extra (limit + 1) row. */
  hasNext: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  disabled?: boolean;
}

/** Previous/Next paging by the limit + 1 rule, with a rows-per-page choice. */
export function Pagination({
  page,
  limit,
  count,
  hasNext,
  onPage,
  onLimit,
  disabled,
}: PaginationProps) {
  const sizeId = useId();
  const sizes: number[] = PAGE_SIZES.includes(limit as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  const first = count === 0 ? 0 : (page - 1) * limit + 1;
  const last = (page - 1) * limit + count;
  return (
    <Flex asChild justify="between" align="center" gap="3" wrap="wrap" mt="4">
      <nav aria-label="Pagination">
        <Flex align="center" gap="2">
          <Text as="label" size="2" color="gray" id={sizeId}>
            Rows per page
          </Text>
          <Select.Root
            size="1"
            value={String(limit)}
            onValueChange={(value) => onLimit(Number(value))}
            disabled={disabled}
          >
            <Select.Trigger aria-labelledby={sizeId} />
            <Select.Content>
              {sizes.map((size) => (
                <Select.Item key={size} value={String(size)}>
                  {size}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        <Flex align="center" gap="3">
          <Text size="2" color="gray" aria-live="polite">
            {count === 0 ? `Page ${page}` : `Page ${page} · rows ${first}–${last}`}
          </Text>
          <Button
            variant="soft"
            color="gray"
            size="1"
            disabled={disabled || page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeftIcon aria-hidden /> Previous
          </Button>
          <Button
            variant="soft"
            color="gray"
            size="1"
            disabled={disabled || !hasNext}
            onClick={() => onPage(page + 1)}
          >
            Next <ChevronRightIcon aria-hidden />
          </Button>
        </Flex>
      </nav>
    </Flex>
  );
}

/** The Pagination of a URL listing: Next goes on from the answer's `next_cursor`. */
export function ListingPagination({
  listing,
  nextCursor,
  ...rest
}: Pick<PaginationProps, 'count' | 'hasNext' | 'disabled'> & {
  listing: Listing;
  nextCursor: string | undefined;
}) {
  return (
    <Pagination
      page={listing.state.page}
      limit={listing.state.limit}
      onPage={(page) => listing.setPage(page, nextCursor)}
      onLimit={listing.setLimit}
      {...rest}
    />
  );
}
