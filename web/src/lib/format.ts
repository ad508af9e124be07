// Display formats of the spec: dates MM/DD/YYYY, date-times MM/DD/YYYY HH:mm:ss (the user's
// time zone), phones (###) ###-####, money in USD from integer cents.

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

/** (###) ###-#### for ten digits (a leading country code 1 is dropped); anything else as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  let digits = phoneDigits(value);
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const count = new Intl.NumberFormat('en-US');

/** A count with thousands separators: 12345 → 12,345. */
export function formatNumber(value: number): string {
  return count.format(value);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** USD from integer cents: 123456 → $1,234.56. */
export function formatCurrency(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '';
  return usd.format(cents / 100);
}

/** Whole dollars and cents typed by a user ("1,234.5") → integer cents, or undefined. */
export function dollarsToCents(value: string): number | undefined {
  const cleaned = value.replace(/[$,\s]/g, '');
  if (cleaned === '') return undefined;
  const amount = Number(cleaned);
  if (!Number.isFinite(amount)) return undefined;
  return Math.round(amount * 100);
}

/** Integer cents → a plain dollar amount for an input ("1234.56"). */
export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return (cents / 100).toFixed(2);
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
