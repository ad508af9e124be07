// Shaping of chart data: the scale of a set of values and a text summary for assistive
// technology. The charts themselves are plain CSS (components/charts.tsx).

export interface ChartDatum {
  /** The short category shown by the bar ('RMD', 'Jan'). */
  label: string;
  value: number;
  /** The long name of the category ('Regional Marketing Director', 'January 2026'). */
  title?: string;
}

export interface ScaledDatum extends ChartDatum {
  /** value / scale maximum, 0…1 */
  ratio: number;
}

/** Each value as a share of the largest one (bars fill the track up to the largest value). */
export function scaleData(data: readonly ChartDatum[]): { max: number; items: ScaledDatum[] } {
  const max = data.reduce((m, d) => Math.max(m, d.value), 0);
  return {
    max,
    items: data.map((d) => ({ ...d, ratio: max > 0 ? Math.max(0, d.value) / max : 0 })),
  };
}

/** 'RMD 1, SMD 3 …' for the chart's accessible description. */
export function chartSummary(
  data: readonly ChartDatum[],
  format: (value: number) => string = String,
): string {
  if (data.length === 0) return 'No data.';
  return `${data.map((d) => `${d.title ?? d.label}: ${format(d.value)}`).join(', ')}.`;
}

/** A category of a chart with several series (a month). */
export interface ChartCategory {
  label: string;
  title?: string;
}

/** One series of a grouped chart: a value per category, in the categories' order. */
export interface ChartSeries {
  name: string;
  values: readonly number[];
  /** 'negative': money taken back (chargebacks), drawn apart from the accent colour. */
  tone?: 'accent' | 'negative';
}

/** 'January 2026: Compensation $1.00, Chargebacks -$2.00; …' for a grouped chart. */
export function groupedSummary(
  categories: readonly ChartCategory[],
  series: readonly ChartSeries[],
  format: (value: number) => string = String,
): string {
  if (categories.length === 0) return 'No data.';
  const parts = categories.map(
    (c, i) =>
      `${c.title ?? c.label}: ${series.map((s) => `${s.name} ${format(s.values[i] ?? 0)}`).join(', ')}`,
  );
  return `${parts.join('; ')}.`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'YYYY-MM' → { short: 'Jan', long: 'January 2026' }; anything else as given. */
export function monthLabel(month: string): { short: string; long: string } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !name) return { short: month, long: month };
  return { short: name.slice(0, 3), long: `${name} ${match[1]}` };
}

/** Values by month ('YYYY-MM', any order) as columns oldest first, labelled 'Jan' ('January 2026'). */
export function monthColumns<T>(
  items: readonly T[],
  month: (item: T) => string,
  value: (item: T) => number,
): ChartDatum[] {
  return [...items]
    .sort((a, b) => month(a).localeCompare(month(b)))
    .map((item) => {
      const { short, long } = monthLabel(month(item));
      return { label: short, title: long, value: value(item) };
    });
}
