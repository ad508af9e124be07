import { ChevronDownIcon } from '@radix-ui/react-icons';
import { Button, CheckboxGroup, Flex, Popover, ScrollArea, Text } from '@radix-ui/themes';
import { STATES } from '@/lib/states';

export interface StateMultiSelectProps {
  id: string;
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
}

function summary(value: readonly string[]): string {
  if (value.length === 0) return 'All states';
  if (value.length <= 3) return value.join(', ');
  return `${value.length} states`;
}

/** Several US states or Canadian provinces (a filter's `in` operator). */
export function StateMultiSelect({ id, label, value, onChange }: StateMultiSelectProps) {
  const groups = [
    { name: 'United States', states: STATES.filter((s) => s.country === 'USA') },
    { name: 'Canada', states: STATES.filter((s) => s.country === 'Canada') },
  ];
  return (
    <Popover.Root>
      <Popover.Trigger>
        <Button
          id={id}
          type="button"
          variant="surface"
          color="gray"
          aria-label={`${label}: ${summary(value)}`}
          style={{ justifyContent: 'space-between', width: '100%', fontWeight: 'normal' }}
        >
          <Text truncate>{summary(value)}</Text>
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
            {groups.map((group) => (
              <Flex key={group.name} direction="column" gap="1" mb="3" pr="3">
                <Text size="1" color="gray" weight="bold">
                  {group.name}
                </Text>
                {group.states.map((state) => (
                  <CheckboxGroup.Item key={state.code} value={state.code}>
                    {state.label} ({state.code})
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
