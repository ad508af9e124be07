import { statesOf } from '@/lib/states';
import { MultiSelect, type MultiSelectGroup } from './multi-select';

export interface StateMultiSelectProps {
  id: string;
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
}

const GROUPS: MultiSelectGroup[] = (['USA', 'Canada'] as const).map((country) => ({
  name: country === 'USA' ? 'United States' : 'Canada',
  options: statesOf(country).map((s) => ({
    value: s.code,
    label: `${s.label} (${s.code})`,
  })),
}));

/** Several US states or Canadian provinces (a filter's `in` operator). */
export function StateMultiSelect({ id, label, value, onChange }: StateMultiSelectProps) {
  return (
    <MultiSelect
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      groups={GROUPS}
      allLabel="All states"
      noun="states"
    />
  );
}
