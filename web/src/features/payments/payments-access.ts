import { useAccess } from '@/lib/use-access';

/** The staff permission that reads everyone's payments. */
export const PAYMENTS_READ = 'payments.read';

/**
 * What the caller may see of payments: an associate (or staff acting for one) its own; staff
 * acting for nobody everyone's when they hold payments.read, and then they may name the
 * associate (the lists' associate filter, the dashboard's associate).
 */
export function usePaymentsAccess() {
  const { user, isStaff, permissions } = useAccess();
  return {
    user,
    isStaff,
    /** Staff who see every associate's payments and filter them by associate. */
    readsEveryone: isStaff && permissions.includes(PAYMENTS_READ),
  };
}
