import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { FormField } from '@/components/form-field';
import { MultiSelect } from '@/components/multi-select';

// The fields the payments filter panels share.

/** The options of an enum, one group. */
export const enumOptions = (values: readonly string[]) => [
  { options: values.map((value) => ({ value, label: value })) },
];

/** A text, date or month field. A month falls back to text where the browser has no month
 *  picker, hence its placeholder. */
export function TextFilter({
  id,
  label,
  value,
  onChange,
  type,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
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

export function MultiFilter({
  id,
  label,
  value,
  onChange,
  values,
  allLabel,
  noun,
}: {
  id: string;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  values: readonly string[];
  allLabel: string;
  noun: string;
}) {
  return (
    <FormField id={id} label={label}>
      <MultiSelect
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        groups={enumOptions(values)}
        allLabel={allLabel}
        noun={noun}
      />
    </FormField>
  );
}

/** The policy a link filtered the list by (its id), with a way to drop it. */
export function PolicyIdFilter({ policyId, onClear }: { policyId: string; onClear: () => void }) {
  if (!policyId) return null;
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="medium">
        Policy
      </Text>
      <Flex align="center" gap="2" minHeight="32px">
        <Text size="2">One policy (id {policyId})</Text>
        <Button type="button" size="1" variant="soft" color="gray" onClick={onClear}>
          Any policy
        </Button>
      </Flex>
    </Flex>
  );
}
