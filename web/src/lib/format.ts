// Display formats of the spec: dates MM/DD/YYYY, date-times MM/DD/YYYY HH:mm:ss (the user's
// time zone), phones (###) ###-####, money in USD from integer cents. A negative figure is
// written with the one minus sign of the app, the typographic minus (U+2212: −$62.50), which
// screen readers read as "minus"; only a value for an input (centsToDollars) keeps the
// hyphen-minus a user types.

/** The minus sign of every figure shown. */
export const MINUS = '\u2212';

/** A formatted figure with its leading hyphen-minus (Intl's, en-US) as the app's minus. */
const withMinus = (text: string) => (text.startsWith('-') ? `${MINUS}${text.slice(1)}` : text);

const pad = (n: number) => String(n).padStart(2, '0');

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  // A calendar date (no time) is a local date: never shift it through UTC.
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/** MM/DD/YYYY, or '' for an empty or invalid value. */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** MM/DD/YYYY HH:mm:ss in the user's time zone, or '' for an empty or invalid value. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Keeps the digits of a phone number. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The ten digits of a phone number typed in any layout (a leading country code 1 dropped), or
 *  the digits as they are when there are not ten. */
export function tenDigitPhone(value: string): string {
  const digits = phoneDigits(value);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** (###) ###-#### for ten digits (a leading country code 1 is dropped); anything else as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = tenDigitPhone(value);
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const count = new Intl.NumberFormat('en-US');

/** A count with thousands separators: 12345 → 12,345; −3. */
export function formatNumber(value: number): string {
  return withMinus(count.format(value));
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** USD from integer cents: 123456 → $1,234.56, -6250 → −$62.50. */
export function formatCurrency(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '';
  // || 0: no minus on a zero (−0).
  return withMinus(usd.format(cents / 100 || 0));
}

/** USD from integer cents with the sign always written, for money that moves: +$187.50,
 *  −$62.50, and $0.00 (nothing moved). */
export function formatSigned(cents: number): string {
  return cents > 0 ? `+${formatCurrency(cents)}` : formatCurrency(cents);
}

const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** USD from integer cents, short, for charts: 1234567 → $12.3K. */
export function formatCurrencyCompact(cents: number): string {
  return withMinus(usdCompact.format(cents / 100));
}

/** A decimal with at most two places ("1234.5") → an integer count of hundredths (123450), read
 *  from the digits, never through a float; undefined for anything else. */
function hundredths(text: string): number | undefined {
  const match = /^(-?)(\d*)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return undefined;
  const value = Number(match[2] || '0') * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(value)) return undefined;
  return match[1] ? -value : value;
}

/** Whole dollars and cents typed by a user ("1,234.5") → integer cents, or undefined (more than
 *  two decimals is not an amount of money). */
export function dollarsToCents(value: string): number | undefined {
  return hundredths(value.replace(/[$,\s]/g, ''));
}

/** A percent typed by a user ("50", "33.33 %") → integer basis points, or undefined. */
export function percentToBasisPoints(value: string): number | undefined {
  return hundredths(value.replace(/[%\s]/g, ''));
}

/** Integer basis points as a percent: 7500 → "75%", 11000 → "110%", 1250 → "12.5%". */
export function formatRate(bp: number): string {
  const whole = Math.trunc(Math.abs(bp) / 100);
  const rest = Math.abs(bp) % 100;
  const sign = bp < 0 ? MINUS : '';
  if (rest === 0) return `${sign}${whole}%`;
  return `${sign}${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/** Integer cents → a plain dollar amount for an input ("1234.56"). */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Up to two initials of a name, for an avatar ('Renee Mitchell' → 'RM'). */
export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?'
  );
}

/** A byte count for people: 950 B, 12 KB, 1.4 MB (display only). */
export function formatFileSize(bytes: number | undefined): string {
  if (bytes === undefined || bytes < 0) return '';
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${units[unit]}`;
}
