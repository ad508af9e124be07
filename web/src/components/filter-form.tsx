import { Button, Flex, Grid } from '@radix-ui/themes';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { CleanFilter, Filter } from '@/lib/listing-state';

/** How a filter panel's values map to and from the listing filter. */
export interface FilterCodec<V> {
  empty: V;
  toValues: (filter: CleanFilter) => V;
  toFilter: (values: V) => Filter;
}

/** The values a filter panel edits, seeded from `filter`; `apply` and `reset` call `onApply`. */
export function useFilterForm<V extends object>(
  filter: CleanFilter,
  codec: FilterCodec<V>,
  onApply: (filter: Filter) => void,
) {
  const [values, setValues] = useState<V>(() => codec.toValues(filter));
  return {
    values,
    set: <K extends keyof V>(key: K, value: V[K]) => setValues((old) => ({ ...old, [key]: value })),
    apply: () => onApply(codec.toFilter(values)),
    reset: () => {
      setValues(codec.empty);
      onApply({});
    },
  };
}

/** The frame of a list's filter panel: a search form of fields, with Reset and Apply. */
export function FilterForm({
  label,
  onApply,
  onReset,
  children,
}: {
  /** The accessible name of the form. */
  label: string;
  onApply: () => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form onSubmit={submit} aria-label={label} role="search">
      <Grid columns={{ initial: '1', sm: '2', lg: '4' }} gap="3" align="end">
        {children}
        {/* A row of its own, at the right, whatever the number of fields and columns. */}
        <Flex gap="2" justify="end" gridColumn="1 / -1">
          <Button type="button" variant="soft" color="gray" onClick={onReset}>
            Reset
          </Button>
          <Button type="submit">Apply filters</Button>
        </Flex>
      </Grid>
    </form>
  );
}
