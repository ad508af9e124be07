import { Button, Flex, Grid, TextField } from '@radix-ui/themes';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { CleanFilter, Filter } from '@/lib/listing-state';
import { ChoiceSelect, enumChoices, type Choice } from './choice-select';
import { FormField } from './form-field';
import { MultiSelect, type MultiSelectGroup, type MultiSelectProps } from './multi-select';
import { StateMultiSelect } from './state-multi-select';

/** How a filter panel's values map to and from the listing filter. */
export interface FilterCodec<V> {
  empty: V;
  toValues: (filter: CleanFilter) => V;
  toFilter: (values: V) => Filter;
}

// What a codec's toValues reads out of a filter (a value of the URL, or one a page set):
// a panel's field holds text, or a list of texts.

/** One value of a filter as the text of a field; '' when there is none (or a list). */
export function filterText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
}

/** One value of a filter that must be one of `allowed` (a ChoiceFilter's), as its text; ''
 *  for anything else (a hand-edited URL), which the field shows as its 'any' choice. */
export function filterChoice(value: unknown, allowed: readonly string[]): string {
  const text = filterText(value);
  return allowed.includes(text) ? text : '';
}

const FLAGS = ['true', 'false'] as const;

/** A yes/no filter's value: 'true', 'false', or '' (either). */
export function filterFlag(value: unknown): string {
  return filterChoice(value, FLAGS);
}

/** A list operator's values (`in`) as texts; [] when there are none. */
export function filterList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/** The options of an enum (each value its own label), one group, for a MultiFilter. */
export function enumOptions(values: readonly string[]): MultiSelectGroup[] {
  return [{ options: enumChoices(values) }];
}

/** What a field of a filter panel edits: its value and what changes it (FilterFormState.bind). */
export interface FilterBinding<T> {
  value: T;
  onChange: (value: T) => void;
}

/** A text, date or month field of a filter panel. A month falls back to text where the
 *  browser has no month picker, hence its placeholder. */
export function TextFilter({
  id,
  label,
  value,
  onChange,
  type,
}: FilterBinding<string> & {
  id: string;
  label: string;
  type?: 'date' | 'month';
}) {
  return (
    <FormField id={id} label={label}>
      <TextField.Root
        id={id}
        type={type}
        value={value}
        placeholder={type === 'month' ? 'YYYY-MM' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/** A field of a filter panel that takes several values (a list operator, `in`). */
export function MultiFilter(props: MultiSelectProps) {
  return (
    <FormField id={props.id} label={props.label}>
      <MultiSelect {...props} />
    </FormField>
  );
}

/** A field of a filter panel that takes several US states or Canadian provinces (`in`). */
export function StateFilter(props: FilterBinding<string[]> & { id: string; label: string }) {
  return (
    <FormField id={props.id} label={props.label}>
      <StateMultiSelect {...props} />
    </FormField>
  );
}

/** A field of a filter panel that takes one value of a few (an `eq` operator), or none: the
 *  `anyLabel` choice ('Any', 'All providers', 'Both'), which is also what it shows then. */
export function ChoiceFilter({
  id,
  label,
  value,
  onChange,
  choices,
  anyLabel,
}: FilterBinding<string> & {
  id: string;
  label: string;
  choices: readonly Choice[];
  anyLabel: string;
}) {
  return (
    <FormField id={id} label={label}>
      <ChoiceSelect
        id={id}
        value={value}
        onChange={onChange}
        choices={choices}
        allowEmpty
        emptyLabel={anyLabel}
        placeholder={anyLabel}
      />
    </FormField>
  );
}

/** A filter panel's values and what it does with them (useFilterForm). */
export interface FilterFormState<V> {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** The value of `key` and what changes it, for a field: `<TextFilter … {...bind('name')} />`. */
  bind: <K extends keyof V>(key: K) => FilterBinding<V[K]>;
  apply: () => void;
  reset: () => void;
}

/** The values a filter panel edits, seeded from `filter`; `apply` and `reset` call `onApply`. */
export function useFilterForm<V extends object>(
  filter: CleanFilter,
  codec: FilterCodec<V>,
  onApply: (filter: Filter) => void,
): FilterFormState<V> {
  const [values, setValues] = useState<V>(() => codec.toValues(filter));
  const set = <K extends keyof V>(key: K, value: V[K]) =>
    setValues((old) => ({ ...old, [key]: value }));
  return {
    values,
    set,
    bind: (key) => ({ value: values[key], onChange: (value) => set(key, value) }),
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
