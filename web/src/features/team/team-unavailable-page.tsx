import { InfoCircledIcon } from '@radix-ui/react-icons';
import { Callout, Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetAccess } from '@/api/gen/endpoints/access/access';
import { CenteredSpinner } from '@/components/centered-spinner';
import { TEAM_VIEW_LABELS, isTeamView, teamViews } from './team-menu';

/** The team screens arrive with the next release; until then their routes say so. */
export function TeamUnavailablePage({ kind }: { kind: 'view' | 'hierarchy' }) {
  const params = useParams();
  const access = useGetAccess();
  if (access.isPending) return <CenteredSpinner />;
  const user = access.data?.user;
  const isSenior = user?.is_senior_level ?? false;

  let title: string;
  if (kind === 'view') {
    const view = params.view;
    if (!isTeamView(view) || !teamViews(isSenior).includes(view)) {
      return (
        <Flex direction="column" gap="3" py="6">
          <Heading as="h1" size="6">
            Team view not found
          </Heading>
          <Text color="gray">This team view is not offered for your level.</Text>
        </Flex>
      );
    }
    title = `Team · ${TEAM_VIEW_LABELS[view]}`;
  } else {
    title = `Hierarchy of ${params.code ?? user?.code ?? ''}`;
  }

  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="7">
        {title}
      </Heading>
      <Card size="3">
        <Callout.Root color="blue" variant="surface">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            The team views are not available yet. They arrive with the next release of the portal.
          </Callout.Text>
        </Callout.Root>
        <Text as="p" size="2" mt="4">
          Meanwhile you can work with your{' '}
          <Link asChild>
            <RouterLink to="/business/clients">clients</RouterLink>
          </Link>{' '}
          or go back to the{' '}
          <Link asChild>
            <RouterLink to="/">dashboard</RouterLink>
          </Link>
          .
        </Text>
      </Card>
    </Flex>
  );
}

export function TeamViewPage() {
  return <TeamUnavailablePage kind="view" />;
}

export function TeamHierarchyPage() {
  return <TeamUnavailablePage kind="hierarchy" />;
}
