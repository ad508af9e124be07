import { AccountDetails } from '@/features/account/account-details';
import { AssociateOverviewTab } from '@/features/team/associate-overview-tab';

/**
 * The overview of the caller's account (the index of account): the account's own details with
 * their edit forms (the account feature), then the profile and production an associate's
 * overview shows (the team feature, whose layout draws the account's header and tabs).
 */
export function AccountOverviewRoute() {
  return (
    <>
      <AccountDetails />
      <AssociateOverviewTab />
    </>
  );
}
