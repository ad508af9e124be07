import { Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { useLocation, useParams } from 'react-router';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ACCOUNT_PATH } from '@/lib/account-paths';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { AssociateLayout, useAssociate } from './associate-layout';
import { GenealogyTree } from './genealogy-tree';
import { associatePath } from './paths';
import { TeamListPage } from './team-list-page';
import { isTeamView } from './team-menu';

/**
 * team/:code — a team view (team/Personal, team/BaseShop, …) lists its members; any other
 * code is an associate, whose tabs are the child routes.
 */
export function TeamCodeRoute() {
  const { code = '' } = useParams();
  const { pathname } = useLocation();
  const depth = pathname.split('/').filter(Boolean).length;
  if (isTeamView(code) && depth === 2) return <TeamListPage view={code} />;
  return <AssociateLayout key={code} code={code} base={associatePath(code)} />;
}

/** account — the caller's own overview, licenses, appointments, level history and tree, and the
 *  account's own tabs (features/account). */
export function AccountRoute() {
  const { user, isStaff } = useAccess();
  if (isStaff) return <StaffAccount />;
  if (!user?.code) return <CenteredSpinner />;
  return <AssociateLayout code={user.code} base={ACCOUNT_PATH} account />;
}

function StaffAccount() {
  usePageTitle('My account');
  return (
    <Flex direction="column" gap="3" py="6">
      <Heading as="h1" size="6">
        My account
      </Heading>
      <Callout.Root color="gray" variant="surface">
        <Callout.Text>Staff users have no associate account.</Callout.Text>
      </Callout.Root>
    </Flex>
  );
}

/** The genealogy-tree tab (team/{code}/genealogy-tree and account/genealogy-tree). */
export function GenealogyTreeTab() {
  const { code, associate } = useAssociate();
  const { user } = useAccess();
  return (
    <Flex direction="column" gap="2">
      <Text size="2" color="gray" className="sr-only">
        The downline of {associate.name}
      </Text>
      <GenealogyTree rootCode={code} ownCode={user?.code} />
    </Flex>
  );
}
