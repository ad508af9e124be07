import { Flex, IconButton, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { MinusIcon } from '@/components/icons/minus';
import { PlusIcon } from '@/components/icons/plus';

/** The most of one item a cart line holds (the contract's CartItemInput). */
export const MAX_QUANTITY = 99;

/**
 * A quantity from 1 to `max`: − and + step it, and a typed number counts once it is left (or
 * Enter is pressed); a number out of range or not a number goes back to the last one. `name`
 * names what is counted for the buttons ('Fewer Logo T-Shirt (M)').
 */
export function QuantityField({
  id,
  value,
  onChange,
  max = MAX_QUANTITY,
  name,
  label = 'Quantity',
  disabled = false,
}: {
  id: string;
  value: number;
  onChange: (value: number) => void;
  max?: number;
  /** What is counted, for the buttons' and the field's names. */
  name?: string;
  label?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState<string>();
  const top = Math.max(1, Math.min(max, MAX_QUANTITY));
  const commit = () => {
    if (text === undefined) return;
    setText(undefined);
    if (!/^\d{1,3}$/.test(text.trim())) return;
    const typed = Number(text.trim());
    if (typed >= 1 && typed <= top && typed !== value) onChange(typed);
  };
  const of = name ? ` ${name}` : '';
  return (
    <Flex align="center" gap="1" className="quantity-field">
      <IconButton
        type="button"
        variant="soft"
        color="gray"
        aria-label={`One fewer${of}`}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        <MinusIcon aria-hidden />
      </IconButton>
      <TextField.Root
        id={id}
        className="quantity-input"
        inputMode="numeric"
        aria-label={name ? `${label} of ${name}` : undefined}
        value={text ?? String(value)}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      <IconButton
        type="button"
        variant="soft"
        color="gray"
        aria-label={`One more${of}`}
        disabled={disabled || value >= top}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon aria-hidden />
      </IconButton>
    </Flex>
  );
}
