import { Button, Flex, Select, Text, TextField } from '@radix-ui/themes';
import { useId, useState, type FormEvent } from 'react';
import {
  PERIOD_PRESETS,
  isIsoDate,
  matchPreset,
  presetPeriod,
  type Period,
  type PeriodPreset,
} from '@/lib/period';

export interface PeriodPickerProps {
  /** The period shown (the default one when none is chosen). */
  value: Period;
  onChange: (period: Period) => void;
}

/** A period: presets (this month, last month, …) or custom dates. */
export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const id = useId();
  const current = matchPreset(value);
  const [custom, setCustom] = useState(current === 'custom');
  const [start, setStart] = useState(value.start);
  const [end, setEnd] = useState(value.end);
  const invalid = !isIsoDate(start) || !isIsoDate(end) || start > end;

  const choose = (choice: string) => {
    if (choice === 'custom') {
      setCustom(true);
      return;
    }
    setCustom(false);
    const period = presetPeriod(choice as PeriodPreset);
    setStart(period.start);
    setEnd(period.end);
    onChange(period);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) onChange({ start, end });
  };

  return (
    <Flex asChild gap="2" align="end" wrap="wrap">
      <form onSubmit={apply} aria-label="Period">
        <Flex direction="column" gap="1">
          <Text as="label" size="1" color="gray" id={`${id}-label`}>
            Period
          </Text>
          <Select.Root value={custom ? 'custom' : current} onValueChange={choose}>
            <Select.Trigger aria-labelledby={`${id}-label`} style={{ minWidth: 150 }} />
            <Select.Content position="popper">
              {PERIOD_PRESETS.map((preset) => (
                <Select.Item key={preset.value} value={preset.value}>
                  {preset.label}
                </Select.Item>
              ))}
              <Select.Item value="custom">Custom dates…</Select.Item>
            </Select.Content>
          </Select.Root>
        </Flex>
        {custom ? (
          <>
            <Flex direction="column" gap="1">
              <Text as="label" size="1" color="gray" htmlFor={`${id}-start`}>
                From
              </Text>
              <TextField.Root
                id={`${id}-start`}
                type="date"
                value={start}
                max={end || undefined}
                onChange={(e) => setStart(e.target.value)}
              />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" size="1" color="gray" htmlFor={`${id}-end`}>
                To
              </Text>
              <TextField.Root
                id={`${id}-end`}
                type="date"
                value={end}
                min={start || undefined}
                onChange={(e) => setEnd(e.target.value)}
              />
            </Flex>
            <Button type="submit" variant="soft" disabled={invalid}>
              Apply
            </Button>
          </>
        ) : null}
      </form>
    </Flex>
  );
}
