import { Avatar, Badge, Callout, Flex, Heading, Link, TabNav } from '@radix-ui/themes';
import { Link as RouterLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { useGetAssociate } from '@/api/gen/endpoints/associates/associates';
import type { AssociateOverview } from '@/api/gen/model/associateOverview';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { InfoCircledIcon } from '@/components/icons/info-circled';
import { ACCOUNT_ONLY_TABS } from '@/lib/account-paths';
import { errorDetails } from '@/lib/errors';
import { initials } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useActiveTabInView } from '@/lib/use-active-tab-in-view';
import { LevelBadge, StatusBadge } from './badges';
import { TAB_LABELS, tabPath, type AccountPageTab, type AssociateTab } from './paths';

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

/** The account shows an associate's tabs but the hierarchy (the Team menu has it), then its
 *  own (lib/account-paths.ts). */
const ACCOUNT_TABS: AccountPageTab[] = [
  'overview',
  'licenses',
  'provider-appointments',
  'level-qualification-history',
  'genealogy-tree',
  ...ACCOUNT_ONLY_TABS,
];

/** The tabs offered: an upline shows its contact fields only, so no other tab. */
function associateTabs(
  relation: AssociateOverview['relation'],
  account: boolean,
): AccountPageTab[] {
  if (relation === 'upline') return ['overview'];
  return account ? ACCOUNT_TABS : TEAM_TABS;
}

function currentTab(pathname: string, base: string): AccountPageTab | undefined {
  const rest = pathname.slice(base.length).replace(/^\/+|\/+$/g, '');
  if (rest === '') return 'overview';
  return rest in TAB_LABELS ? (rest as AccountPageTab) : undefined;
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
  const tab = currentTab(location.pathname, base);
  const tabsRef = useActiveTabInView<HTMLDivElement>(overview.data ? tab : undefined);
  const failure = !valid
    ? { status: 404, message: `Associate ${code} not found` }
    : overview.isError
      ? errorDetails(overview.error)
      : undefined;
  const who = account ? 'My account' : (overview.data?.name ?? code);
  usePageTitle(
    ...(failure
      ? [errorTitle(failure)]
      : [tab && tab !== 'overview' ? TAB_LABELS[tab] : undefined, who]),
  );

  // The way back from an associate (or to its overview from a tab): the team dashboard.
  const back = { to: '/team', label: 'Back to the team' };
  if (failure) return <ErrorPanel {...failure} back={account ? undefined : back} />;
  if (!overview.isSuccess) return <CenteredSpinner />;

  const associate = overview.data;
  const tabs = associateTabs(associate.relation, account);
  const context: AssociateContext = { associate, code, base, account };

  return (
    <>
      {!account ? (
        <Breadcrumbs
          items={[
            { label: 'Team', to: '/team' },
            { label: associate.name, to: base },
            ...(tab && tab !== 'overview' ? [{ label: TAB_LABELS[tab] }] : []),
          ]}
        />
      ) : null}
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
        <div ref={tabsRef}>
          <TabNav.Root aria-label={account ? 'Account' : `${associate.name}`} mb="5">
            {tabs.map((t) => (
              <TabNav.Link key={t} asChild active={t === tab}>
                <RouterLink to={tabPath(base, t)}>{TAB_LABELS[t]}</RouterLink>
              </TabNav.Link>
            ))}
          </TabNav.Root>
        </div>
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
