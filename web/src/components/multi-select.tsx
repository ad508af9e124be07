import { Button, CheckboxGroup, Flex, Popover, ScrollArea, Text } from '@radix-ui/themes';
import { ChevronDownIcon } from '@/components/icons/chevron-down';

export interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectGroup {
  /** Shown above the group's options; omit for a single unnamed group. */
  name?: string;
  options: readonly MultiSelectOption[];
}

export interface MultiSelectProps {
  id: string;
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  groups: readonly MultiSelectGroup[];
  /** The trigger's text when nothing is chosen ('All states'). */
  allLabel: string;
  /** The trigger's text for many choices: `${n} ${noun}`. */
  noun: string;
}

function summary(value: readonly string[], allLabel: string, noun: string): string {
  if (value.length === 0) return allLabel;
  if (value.length <= 3) return value.join(', ');
  return `${value.length} ${noun}`;
}

/** Several values of a list (a filter's `in` operator): a popover of checkboxes. */
export function MultiSelect({
  id,
  label,
  value,
  onChange,
  groups,
  allLabel,
  noun,
}: MultiSelectProps) {
  const text = summary(value, allLabel, noun);
  return (
    <Popover.Root>
      <Popover.Trigger>
        <Button
          id={id}
          type="button"
          variant="surface"
          color="gray"
          aria-label={`${label}: ${text}`}
          style={{ justifyContent: 'space-between', width: '100%', fontWeight: 'normal' }}
        >
          <Text truncate>{text}</Text>
          <ChevronDownIcon aria-hidden />
        </Button>
      </Popover.Trigger>
      <Popover.Content width="280px" aria-label={label}>
        <Flex justify="between" align="center" mb="2">
          <Text size="2" weight="medium">
            {label}
          </Text>
          <Button
            type="button"
            size="1"
            variant="ghost"
            disabled={value.length === 0}
            onClick={() => onChange([])}
          >
            Clear
          </Button>
        </Flex>
        <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 300 }}>
          <CheckboxGroup.Root value={[...value]} onValueChange={onChange} name={id} size="2">
            {groups.map((group, index) => (
              <Flex key={group.name ?? index} direction="column" gap="1" mb="3" pr="3">
                {group.name ? (
                  <Text size="1" color="gray" weight="bold">
                    {group.name}
                  </Text>
                ) : null}
                {group.options.map((option) => (
                  <CheckboxGroup.Item key={option.value} value={option.value}>
                    {option.label}
                  </CheckboxGroup.Item>
                ))}
              </Flex>
            ))}
          </CheckboxGroup.Root>
        </ScrollArea>
      </Popover.Content>
    </Popover.Root>
  );
}
