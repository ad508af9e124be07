import { Avatar, Badge, Flex, Heading, Link, TabNav, Text } from '@radix-ui/themes';
import { Link as RouterLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { useGetProvider } from '@/api/gen/endpoints/providers/providers';
import type { Provider } from '@/api/gen/model/provider';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { errorDetails } from '@/lib/errors';
import { initials } from '@/lib/format';
import { parsePositiveId } from '@/lib/ids';
import { usePageTitle } from '@/lib/page-title';
import { useActiveTabInView } from '@/lib/use-active-tab-in-view';
import { useCanManageProviders } from './provider-access';
import { urlHost } from './provider-items';
import {
  PROVIDERS_PATH,
  PROVIDER_TABS,
  PROVIDER_TAB_LABELS,
  providerPath,
  providerTabPath,
  type ProviderTab,
} from './provider-paths';
import './providers.css';

export interface ProviderContext {
  provider: Provider;
  /** The caller holds providers.manage: the tabs offer their edit controls. */
  canManage: boolean;
}

/** The provider whose tab is showing (set by ProviderLayout). */
export function useProvider(): ProviderContext {
  return useOutletContext<ProviderContext>();
}

function currentTab(pathname: string, base: string): ProviderTab | undefined {
  const rest = pathname.slice(base.length).replace(/^\/+|\/+$/g, '');
  if (rest === '') return 'contacts';
  return (PROVIDER_TABS as readonly string[]).includes(rest) ? (rest as ProviderTab) : undefined;
}

/** business/product-providers/:providerId — the provider's header and its tabs. */
export function ProviderLayout() {
  const id = parsePositiveId(useParams().providerId);
  const location = useLocation();
  const canManage = useCanManageProviders();
  const provider = useGetProvider(id ?? 0, {
    query: { enabled: id !== undefined, meta: { toast: false } },
  });
  const base = id === undefined ? PROVIDERS_PATH : providerPath(id);
  const tab = currentTab(location.pathname, base);
  const tabsRef = useActiveTabInView<HTMLDivElement>(provider.data ? tab : undefined);
  const failure =
    id === undefined
      ? { status: 404, message: 'Provider not found' }
      : provider.isError
        ? errorDetails(provider.error)
        : undefined;
  usePageTitle(
    ...(failure
      ? [errorTitle(failure)]
      : [
          tab && tab !== 'contacts' ? PROVIDER_TAB_LABELS[tab] : undefined,
          provider.data?.name ?? 'Provider',
          'Product providers',
        ]),
  );

  if (failure) {
    return <ErrorPanel {...failure} back={{ to: PROVIDERS_PATH, label: 'Back to providers' }} />;
  }
  if (!provider.isSuccess || id === undefined) return <CenteredSpinner />;

  const p = provider.data;
  const context: ProviderContext = { provider: p, canManage };

  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Product providers', to: PROVIDERS_PATH },
          { label: p.name, to: base },
          ...(tab && tab !== 'contacts' ? [{ label: PROVIDER_TAB_LABELS[tab] }] : []),
        ]}
      />
      <Flex gap="4" align="center" mb="4">
        <Avatar
          className="provider-logo"
          size="5"
          radius="medium"
          src={p.logo_url}
          fallback={initials(p.name)}
          alt=""
        />
        <Flex direction="column" gap="2" style={{ minWidth: 0 }}>
          <Heading as="h1" size="7">
            {p.name}
          </Heading>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge variant="outline" color="gray">
              Code {p.code}
            </Badge>
            {p.countries.map((country) => (
              <Badge key={country} color="blue" variant="soft">
                {country}
              </Badge>
            ))}
            {p.website ? (
              <Link size="2" href={p.website} target="_blank" rel="noopener noreferrer">
                {urlHost(p.website)}
              </Link>
            ) : null}
          </Flex>
        </Flex>
      </Flex>
      {p.description ? (
        <Text as="p" size="2" color="gray" mb="4" style={{ maxWidth: '72ch' }}>
          {p.description}
        </Text>
      ) : null}

      <div ref={tabsRef}>
        <TabNav.Root aria-label={p.name} mb="5">
          {PROVIDER_TABS.map((t) => (
            <TabNav.Link key={t} asChild active={t === tab}>
              <RouterLink to={providerTabPath(id, t)}>{PROVIDER_TAB_LABELS[t]}</RouterLink>
            </TabNav.Link>
          ))}
        </TabNav.Root>
      </div>

      <Outlet context={context} />
    </>
  );
}
