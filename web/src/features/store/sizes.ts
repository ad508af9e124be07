import { ShirtSize } from '@/api/gen/model/shirtSize';

/** The shirt sizes in their order (the contract's), smallest first. */
export const SHIRT_SIZES: readonly ShirtSize[] = Object.values(ShirtSize);

/** A product's sizes said short: 'S–XXL' for a run of them, else listed ('S, L'). */
export function sizeRange(sizes: readonly ShirtSize[]): string {
  if (sizes.length === 0) return '';
  if (sizes.length === 1) return sizes[0];
  const at = sizes.map((s) => SHIRT_SIZES.indexOf(s));
  const run = at.every((index, i) => i === 0 || index === at[i - 1] + 1);
  return run ? `${sizes[0]}–${sizes[sizes.length - 1]}` : sizes.join(', ');
}
