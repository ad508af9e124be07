import { Select } from '@radix-ui/themes';

export interface Choice {
  value: string;
  label: string;
}

const NONE = '__none__';

export interface ChoiceSelectProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  placeholder?: string;
  /** Adds an item that clears the value (for optional fields). */
  allowEmpty?: boolean;
  emptyLabel?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  onBlur?: () => void;
}

/** A Radix select over string choices; '' means nothing chosen. */
export function ChoiceSelect({
  id,
  value,
  onChange,
  choices,
  placeholder = 'Select…',
  allowEmpty = false,
  emptyLabel = 'Not specified',
  invalid,
  describedBy,
  disabled,
  onBlur,
}: ChoiceSelectProps) {
  return (
    <Select.Root
      value={value}
      onValueChange={(next) => onChange(next === NONE ? '' : next)}
      disabled={disabled}
      onOpenChange={(open) => {
        if (!open) onBlur?.();
      }}
    >
      <Select.Trigger
        id={id}
        placeholder={placeholder}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        style={{ width: '100%' }}
        color={invalid ? 'red' : undefined}
      />
      <Select.Content position="popper">
        {allowEmpty ? <Select.Item value={NONE}>{emptyLabel}</Select.Item> : null}
        {choices.map((choice) => (
          <Select.Item key={choice.value} value={choice.value}>
            {choice.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

/** The choices of an enum, each value its own label. */
export function enumChoices(values: readonly string[]): Choice[] {
  return values.map((value) => ({ value, label: value }));
}
