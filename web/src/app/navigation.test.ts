import { describe, expect, it } from 'vitest';
import { areaOf, areas, isActive, topMenu } from './navigation';

const AGENT = { is_senior_level: false, code: 'AGT100', canReadPayments: true };
const RMD = { is_senior_level: true, code: 'RMD100', canReadPayments: true };
/** Staff acting for nobody, with payments.read. */
const STAFF = { is_senior_level: false, canReadPayments: true };

describe('top menu', () => {
  it('shows Dashboard and Events always, and another area only when its sidebar has items', () => {
    expect(topMenu(AGENT).map((a) => a.label)).toEqual([
      'Dashboard',
      'Business',
      'Team',
      'Payments',
      'Events',
    ]);
    expect(topMenu(STAFF).map((a) => a.label)).toEqual([
      'Dashboard',
      'Business',
      'Payments',
      'Events',
    ]);
  });

  it('leads Events to the upcoming events, with no sidebar (its lists are tabs)', () => {
    for (const user of [AGENT, RMD, STAFF]) {
      const events = topMenu(user).find((a) => a.key === 'events');
      expect(events?.to).toBe('/events');
      expect(events?.sidebar).toEqual([]);
    }
    expect(areaOf('/events')).toBe('events');
    expect(areaOf('/events/regional-kickoff-dallas/check-in')).toBe('events');
  });

  it('hides Payments from staff without payments.read, as Team from staff', () => {
    const staff = topMenu({ ...STAFF, canReadPayments: false });
    expect(staff.map((a) => a.label)).toEqual(['Dashboard', 'Business', 'Events']);
    expect(
      areas({ ...STAFF, canReadPayments: false }).find((a) => a.key === 'payments')?.sidebar,
    ).toEqual([]);
  });

  it('leads each area to its first sidebar item', () => {
    const menu = topMenu(RMD);
    expect(menu.find((a) => a.key === 'business')?.to).toBe('/business/dashboard');
    expect(menu.find((a) => a.key === 'business')?.sidebar.map((i) => i.label)).toEqual([
      'Dashboard',
      'Business',
      'Clients',
      'Compensation Schedule',
      'Product Providers',
    ]);
    // Staff acting for nobody have no production of their own: no business dashboard.
    const staff = topMenu(STAFF).find((a) => a.key === 'business');
    expect(staff?.to).toBe('/business');
    expect(staff?.sidebar.map((i) => i.label)).not.toContain('Dashboard');
    expect(menu.find((a) => a.key === 'team')?.to).toBe('/team');
    expect(menu.find((a) => a.key === 'team')?.sidebar.map((i) => i.label)).toContain(
      'RMD Super Team',
    );
  });

  it('gives Payments its sidebar: Dashboard, Cashflow, Chargebacks', () => {
    for (const user of [AGENT, STAFF]) {
      const payments = topMenu(user).find((a) => a.key === 'payments');
      expect(payments?.to).toBe('/payments');
      expect(payments?.sidebar).toEqual([
        { label: 'Dashboard', to: '/payments', exact: true },
        { label: 'Cashflow', to: '/payments/cashflow' },
        { label: 'Chargebacks', to: '/payments/chargebacks' },
      ]);
    }
    expect(areaOf('/payments/cashflow/12')).toBe('payments');
    // The dashboard item is not active below it; Cashflow is on an entry's page.
    expect(isActive('/payments', '/payments/cashflow', true)).toBe(false);
    expect(isActive('/payments/cashflow', '/payments/cashflow/12')).toBe(true);
  });

  it('knows the area of a path and the active item', () => {
    expect(areaOf('/business/clients/4/edit')).toBe('business');
    expect(areaOf('/team/BaseShop')).toBe('team');
    expect(areaOf('/')).toBe('dashboard');
    expect(areaOf('/nowhere')).toBe('dashboard');
    expect(isActive('/business/clients', '/business/clients/4')).toBe(true);
    expect(isActive('/business/clients', '/business/clientsx')).toBe(false);
    expect(isActive('/', '/business')).toBe(false);
    expect(isActive('/team', '/team/Personal', true)).toBe(false);
    expect(isActive('/team', '/team', true)).toBe(true);
  });
});
