import { InfoCircledIcon } from '@radix-ui/react-icons';
import { Avatar, Badge, Callout, Flex, Heading, Link, TabNav } from '@radix-ui/themes';
import { Link as RouterLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { useGetAssociate } from '@/api/gen/endpoints/associates/associates';
import type { AssociateOverview } from '@/api/gen/model/associateOverview';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorPanel } from '@/components/error-panel';
import { errorMessage, errorStatus } from '@/lib/errors';
import { initials } from '@/lib/format';
import { LevelBadge, StatusBadge } from './badges';
import { ASSOCIATE_TAB_LABELS, tabPath, type AssociateTab } from './paths';

export interface AssociateContext {
  associate: AssociateOverview;
  code: string;
  /** `/team/{code}` or `/account`. */
  base: string;
  /** The caller's own account pages. */
  account: boolean;
}

/** The associate whose tab is showing (set by AssociateLayout). */
export function useAssociate(): AssociateContext {
  return useOutletContext<AssociateContext>();
}

const TEAM_TABS: AssociateTab[] = [
  'overview',
  'licenses',
  'provider-appointments',
  'level-qualification-history',
  'genealogy-tree',
  'hierarchy',
];

/** The account shows the tabs whose screens exist (the spec's other account tabs come later). */
const ACCOUNT_TABS: AssociateTab[] = [
  'overview',
  'licenses',
  'provider-appointments',
  'level-qualification-history',
  'genealogy-tree',
];

/** The tabs offered: an upline shows its contact fields only, so no other tab. */
function associateTabs(relation: AssociateOverview['relation'], account: boolean) {
  if (relation === 'upline') return ['overview'] as AssociateTab[];
  return account ? ACCOUNT_TABS : TEAM_TABS;
}

function currentTab(pathname: string, base: string): AssociateTab | undefined {
  const rest = pathname.slice(base.length).replace(/^\/+|\/+$/g, '');
  if (rest === '') return 'overview';
  return rest in ASSOCIATE_TAB_LABELS ? (rest as AssociateTab) : undefined;
}

const CODE = /^[A-Za-z0-9]{3,16}$/;

/** The header and tabs of an associate (team/{code}/…) or of the caller's account (account/…). */
export function AssociateLayout({
  code,
  base,
  account = false,
}: {
  code: string;
  base: string;
  account?: boolean;
}) {
  const valid = CODE.test(code);
  const location = useLocation();
  const overview = useGetAssociate(code, { query: { enabled: valid, meta: { toast: false } } });

  if (!valid) return <ErrorPanel status={404} message={`Associate ${code} not found`} />;
  if (overview.isPending) return <CenteredSpinner />;
  if (overview.isError) {
    return (
      <ErrorPanel status={errorStatus(overview.error)} message={errorMessage(overview.error)} />
    );
  }

  const associate = overview.data;
  const tabs = associateTabs(associate.relation, account);
  const tab = currentTab(location.pathname, base);
  const context: AssociateContext = { associate, code, base, account };

  return (
    <>
      <Flex gap="4" align="center" mb="4" wrap="wrap">
        <Avatar
          size="5"
          radius="full"
          src={associate.photo_url}
          fallback={initials(associate.name)}
          alt=""
        />
        <Flex direction="column" gap="2" style={{ minWidth: 0 }}>
          <Heading as="h1" size="7">
            {associate.name}
          </Heading>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge variant="outline" color="gray">
              Code {associate.code}
            </Badge>
            <LevelBadge level={associate.level} full />
            {associate.status ? <StatusBadge status={associate.status} /> : null}
            {associate.relation === 'self' ? (
              <Badge color="cyan" variant="soft">
                {account ? 'Your account' : 'You'}
              </Badge>
            ) : associate.relation === 'upline' ? (
              <Badge color="gray" variant="soft">
                Your upline
              </Badge>
            ) : null}
          </Flex>
        </Flex>
      </Flex>

      {tabs.length > 1 ? (
        <TabNav.Root aria-label={account ? 'Account' : `${associate.name}`} mb="5">
          {tabs.map((t) => (
            <TabNav.Link key={t} asChild active={t === tab}>
              <RouterLink to={tabPath(base, t)}>{ASSOCIATE_TAB_LABELS[t]}</RouterLink>
            </TabNav.Link>
          ))}
        </TabNav.Root>
      ) : null}

      {tab && tabs.includes(tab) ? (
        <Outlet context={context} />
      ) : (
        <Callout.Root color="gray" variant="surface">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            {associate.relation === 'upline'
              ? 'Only the contact details of your upline are shown. '
              : 'This page is not available. '}
            <Link asChild>
              <RouterLink to={base}>Back to the overview</RouterLink>
            </Link>
          </Callout.Text>
        </Callout.Root>
      )}
    </>
  );
}
