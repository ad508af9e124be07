import { AssociateStatus } from '@/api/gen/model/associateStatus';
import type { LabelCount } from '@/api/gen/model/labelCount';
import type { MonthCount } from '@/api/gen/model/monthCount';
import type { TeamSummary } from '@/api/gen/model/teamSummary';
import { monthColumns, type ChartDatum } from '@/lib/chart';

// The dashboard's numbers shaped for its cards and charts.

/** Members by level, in the order the API gives (by rank, every level of the ladder). */
export function levelBars(byLevel: readonly LabelCount[]): ChartDatum[] {
  return byLevel.map((l) => ({ label: l.label, value: l.count }));
}

/** Members who joined per month, oldest first (the API's 12 months). */
export function growthColumns(growth: readonly MonthCount[]): ChartDatum[] {
  return monthColumns(
    growth,
    (m) => m.month,
    (m) => m.joined,
  );
}

/** Licensed members as a whole percentage of the members; undefined without members. */
export function licensedPercent(summary: Pick<TeamSummary, 'members' | 'licensed'>) {
  if (summary.members <= 0) return undefined;
  return Math.round((summary.licensed / summary.members) * 100);
}

const STATUS_ORDER: readonly string[] = Object.values(AssociateStatus);

/** Members by status in the contract's order (Active first); statuses the API leaves out are 0. */
export function statusCounts(byStatus: readonly LabelCount[]): LabelCount[] {
  const counts = new Map(byStatus.map((s) => [s.label, s.count]));
  const known = STATUS_ORDER.map((label) => ({ label, count: counts.get(label) ?? 0 }));
  const unknown = byStatus.filter((s) => !STATUS_ORDER.includes(s.label));
  return [...known, ...unknown];
}

export function total(data: readonly { value: number }[]): number {
  return data.reduce((sum, d) => sum + d.value, 0);
}
