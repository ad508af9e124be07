import { Avatar, Badge, Card, Flex, Link, Spinner, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { useGetAssociate, useGetHierarchy } from '@/api/gen/endpoints/associates/associates';
import type { TreeNode } from '@/api/gen/model/treeNode';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { formatNumber, formatPhone, initials } from '@/lib/format';
import { useAccess } from '@/lib/use-access';
import { useAssociate } from './associate-layout';
import { LevelBadge, StatusBadge } from './badges';
import { associatePath, genealogyPath } from './paths';

/** The steps above the caller show contact fields only (the chain holds none: they are read
 *  from the upline's overview, which answers with contact fields). */
function UplineContact({ code }: { code: string }) {
  const overview = useGetAssociate(code, { query: { staleTime: 300_000, meta: { toast: false } } });
  if (overview.isPending) return <Spinner size="1" />;
  if (overview.isError) return null;
  const { email, phone } = overview.data;
  return (
    <Flex gap="3" wrap="wrap">
      {email ? (
        <Link size="2" href={`mailto:${email}`}>
          {email}
        </Link>
      ) : null}
      {phone ? (
        <Link size="2" href={`tel:${phone}`}>
          {formatPhone(phone)}
        </Link>
      ) : null}
    </Flex>
  );
}

function Step({ node, above, current }: { node: TreeNode; above: boolean; current: boolean }) {
  return (
    <li className="hierarchy-step" aria-current={current ? 'step' : undefined}>
      <Card size="2" className={current ? 'hierarchy-card-current' : undefined}>
        <Flex gap="3" align="center" wrap="wrap">
          <Avatar size="3" radius="full" fallback={initials(node.name)} src={node.photo_url} />
          <Flex direction="column" gap="1" style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Flex gap="2" align="center" wrap="wrap">
              <Link asChild weight="medium">
                <RouterLink to={associatePath(node.code)}>{node.name}</RouterLink>
              </Link>
              <Text size="1" color="gray">
                {node.code}
              </Text>
              <LevelBadge level={node.level} full />
              {above ? (
                <Badge color="gray" variant="soft">
                  Upline
                </Badge>
              ) : node.status ? (
                <StatusBadge status={node.status} />
              ) : null}
            </Flex>
            {above ? (
              <UplineContact code={node.code} />
            ) : (
              <Flex gap="2" align="center" wrap="wrap">
                <Text size="1" color="gray">
                  {formatNumber(node.downline_size)} in the downline · {formatNumber(node.children)}{' '}
                  {node.children === 1 ? 'recruit' : 'recruits'}
                </Text>
                <Link asChild size="1">
                  <RouterLink to={genealogyPath(node.code)}>Genealogy tree</RouterLink>
                </Link>
              </Flex>
            )}
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}

/** team/{code}/hierarchy: the chain from the top of the organisation down to the associate. */
export function HierarchyTab() {
  const { code, associate } = useAssociate();
  const { user } = useAccess();
  const query = useGetHierarchy(code, { query: { meta: { toast: false } } });
  if (query.isPending) return <CenteredSpinner label="Loading the hierarchy" />;
  if (query.isError) {
    return <ErrorCallout error={query.error} title="The hierarchy could not be loaded" />;
  }
  const chain = query.data.data;
  const callerIndex = chain.findIndex((n) => n.code === user?.code);
  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray">
        From the top of the organisation down to {associate.name}:{' '}
        {chain.length === 1 ? 'one step' : `${chain.length} steps`}.
      </Text>
      <ol className="hierarchy" aria-label={`Hierarchy of ${associate.name}`}>
        {chain.map((node, index) => (
          <Step
            key={node.code}
            node={node}
            above={callerIndex < 0 || index < callerIndex}
            current={index === chain.length - 1}
          />
        ))}
      </ol>
    </Flex>
  );
}
