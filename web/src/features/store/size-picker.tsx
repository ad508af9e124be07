import { Flex, Text } from '@radix-ui/themes';
import type { ShirtSize } from '@/api/gen/model/shirtSize';
import type { StoreVariant } from '@/api/gen/model/storeVariant';

/** A size's stock, said short: '3 left' when few are, 'Sold out' when none is. */
export function stockNote(stock: number): string | undefined {
  if (stock <= 0) return 'Sold out';
  if (stock <= 5) return `${stock} left`;
  return undefined;
}

/**
 * The sizes of a sized product as a group of radio buttons, one per variant, with its stock:
 * a sold-out size cannot be chosen and says so (in its name too), and the sizes sold out are
 * listed under the group.
 */
export function SizePicker({
  variants,
  value,
  onChange,
  error,
}: {
  variants: readonly (StoreVariant & { size: ShirtSize })[];
  value: number | undefined;
  onChange: (variantId: number) => void;
  error?: string;
}) {
  const soldOut = variants.filter((v) => v.stock <= 0).map((v) => v.size);
  return (
    <fieldset className="size-picker" aria-describedby={error ? 'size-error' : undefined}>
      <legend>
        <Text size="2" weight="medium">
          Size
        </Text>
      </legend>
      <Flex gap="2" wrap="wrap" mt="1">
        {variants.map((v) => {
          const note = stockNote(v.stock);
          return (
            <label key={v.id} className="size-option" data-disabled={v.stock <= 0 || undefined}>
              <input
                type="radio"
                name="size"
                value={v.id}
                checked={value === v.id}
                disabled={v.stock <= 0}
                aria-label={note ? `${v.size}, ${note}` : v.size}
                onChange={() => onChange(v.id)}
              />
              <span className="size-option-box">
                <span className="size-option-size">{v.size}</span>
                {note ? <span className="size-option-note">{note}</span> : null}
              </span>
            </label>
          );
        })}
      </Flex>
      {error ? (
        <Text as="p" id="size-error" size="1" color="red" role="alert" mt="2">
          {error}
        </Text>
      ) : null}
      {soldOut.length > 0 ? (
        <Text as="p" size="1" color="gray" mt="2">
          Sold out in {listWords(soldOut)}.
        </Text>
      ) : null}
    </fieldset>
  );
}

/** 'S', 'S and M', 'S, M and L'. */
function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
