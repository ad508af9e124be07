import { CLIENTS_PATH } from '@/features/clients/paths';
import { teamMenu } from '@/features/team/team-menu';
import {
  BUSINESS_DASHBOARD_PATH,
  BUSINESS_PATH,
  COMPENSATION_SCHEDULE_PATH,
  PROVIDERS_PATH,
} from '@/lib/business-paths';
import { EVENTS_PATH } from '@/lib/events-paths';
import { CASHFLOW_PATH, CHARGEBACKS_PATH, PAYMENTS_PATH } from '@/lib/payments-paths';

// The menus. A menu item appears only when its screen exists; a top menu item appears only when
// its sidebar has items, except Dashboard and Events (always, spec §6). Events has no sidebar:
// its two lists, upcoming and past, are tabs of the events pages.

export interface MenuItem {
  label: string;
  to: string;
  /** Active only on exactly this path, not on the pages below it. */
  exact?: boolean;
}

export type AreaKey =
  'dashboard' | 'business' | 'team' | 'associates' | 'reports' | 'payments' | 'events';

export interface Area {
  key: AreaKey;
  label: string;
  /** Where the top menu item leads: the area's home or its first sidebar item. */
  to: string;
  sidebar: MenuItem[];
}

/** What the menus need to know of the user: their own fields, and what the access rules
 *  (lib/use-access.ts) let them open. */
export interface MenuUser {
  is_senior_level: boolean;
  code?: string;
  /** AccessRules.canReadPayments: associates, and staff with payments.read. */
  canReadPayments: boolean;
}

/** The Business sidebar (spec §2). The business dashboard is an associate's own production:
 *  staff acting for nobody have none, so it is left out for them. */
export function businessMenu(user: MenuUser): MenuItem[] {
  return [
    ...(user.code ? [{ label: 'Dashboard', to: BUSINESS_DASHBOARD_PATH }] : []),
    { label: 'Business', to: BUSINESS_PATH, exact: true },
    { label: 'Clients', to: CLIENTS_PATH },
    { label: 'Compensation Schedule', to: COMPENSATION_SCHEDULE_PATH },
    { label: 'Product Providers', to: PROVIDERS_PATH },
  ];
}

/** The Payments sidebar (spec §2), for those who may read payments (staff without
 *  payments.read have none). Staff with payments.read choose the associate whose dashboard to
 *  see on the page itself. */
export function paymentsMenu(user: MenuUser): MenuItem[] {
  if (!user.canReadPayments) return [];
  return [
    { label: 'Dashboard', to: PAYMENTS_PATH, exact: true },
    { label: 'Cashflow', to: CASHFLOW_PATH },
    { label: 'Chargebacks', to: CHARGEBACKS_PATH },
  ];
}

function area(key: AreaKey, label: string, sidebar: MenuItem[], home?: string): Area {
  return { key, label, sidebar, to: home ?? sidebar[0]?.to ?? '/' };
}

/** Every area of the top navigation, in order, with its sidebar for this user. */
export function areas(user: MenuUser): Area[] {
  return [
    area('dashboard', 'Dashboard', [], '/'),
    area('business', 'Business', businessMenu(user)),
    // Staff users (no associate code, not acting for one) have no team.
    area('team', 'Team', user.code ? teamMenu(user.is_senior_level, user.code) : []),
    area('associates', 'Associates', []),
    area('reports', 'Reports', []),
    area('payments', 'Payments', paymentsMenu(user)),
    area('events', 'Events', [], EVENTS_PATH),
  ];
}

/** The top menu rule. */
export function topMenu(user: MenuUser): Area[] {
  return areas(user).filter(
    (a) => a.key === 'dashboard' || a.key === 'events' || a.sidebar.length > 0,
  );
}

/** The area a path belongs to ('/business/clients/12' → business). */
export function areaOf(pathname: string): AreaKey {
  const first = pathname.split('/').filter(Boolean)[0];
  switch (first) {
    case 'business':
    case 'team':
    case 'associates':
    case 'reports':
    case 'payments':
    case 'events':
      return first;
    default:
      return 'dashboard';
  }
}

/** True when `to` is the current page or (unless `exact`) a parent of it. */
export function isActive(to: string, pathname: string, exact = false): boolean {
  if (to === '/' || exact) return pathname === to;
  return pathname === to || pathname.startsWith(`${to}/`);
}
