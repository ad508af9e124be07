// The badges of a policy's status and of its requirements: the business pages and the client
// page show them alike.
import { Badge } from '@radix-ui/themes';
import type { PolicyStatus } from '@/api/gen/model/policyStatus';
import type { RequirementStatus } from '@/api/gen/model/requirementStatus';

type Color = 'gray' | 'amber' | 'blue' | 'green' | 'red' | 'violet';

const POLICY_COLORS: Record<PolicyStatus, Color> = {
  Pending: 'gray',
  'Action Required': 'amber',
  'Ready To Pay': 'blue',
  Approved: 'green',
  Archived: 'violet',
};

/** A policy's status; a lapsed policy says so whatever its status was. */
export function PolicyStatusBadge({ status, lapsed }: { status: PolicyStatus; lapsed?: boolean }) {
  if (lapsed) return <Badge color="red">Lapsed</Badge>;
  return <Badge color={POLICY_COLORS[status]}>{status}</Badge>;
}

const REQUIREMENT_COLORS: Record<RequirementStatus, Color> = {
  Open: 'amber',
  Received: 'green',
  Waived: 'gray',
};

export function RequirementStatusBadge({ status }: { status: RequirementStatus }) {
  return (
    <Badge color={REQUIREMENT_COLORS[status]} variant="soft">
      {status}
    </Badge>
  );
}
