import { Badge } from '@radix-ui/themes';
import type { AssociateStatus } from '@/api/gen/model/associateStatus';
import type { Level } from '@/api/gen/model/level';

type BadgeColor = 'green' | 'amber' | 'orange' | 'gray' | 'red';

export const STATUS_COLORS: Record<AssociateStatus, BadgeColor> = {
  Active: 'green',
  'Resignation Initiated': 'amber',
  Suspended: 'orange',
  Resigned: 'gray',
  Terminated: 'red',
};

/** The level's short code with its name on hover and for assistive technology; senior levels
 *  in violet. `full` shows the name. */
export function LevelBadge({ level, full = false }: { level: Level; full?: boolean }) {
  return (
    <Badge color={level.is_senior_level ? 'violet' : 'blue'} variant="soft" title={level.name}>
      {full ? (
        level.name
      ) : (
        <>
          <span aria-hidden>{level.code}</span> <span className="sr-only">{level.name}</span>
        </>
      )}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: AssociateStatus }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="soft">
      {status}
    </Badge>
  );
}

/** Licensed or not; `short` says Yes / No (under a 'Licensed' column header). */
export function LicensedBadge({ licensed, short = false }: { licensed: boolean; short?: boolean }) {
  const text = licensed ? (short ? 'Yes' : 'Licensed') : short ? 'No' : 'Not licensed';
  return (
    <Badge color={licensed ? 'green' : 'gray'} variant="outline">
      {text}
    </Badge>
  );
}
