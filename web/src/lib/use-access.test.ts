import { describe, expect, it } from 'vitest';
import {
  CLIENTS_READ,
  EVENTS_MANAGE,
  PAYMENTS_READ,
  STORE_MANAGE,
  accessRules,
} from './use-access';

describe('accessRules', () => {
  it('lets an associate read and own clients and read its own payments only', () => {
    expect(accessRules({ code: 'AGT100' }, [])).toEqual({
      isStaff: false,
      canReadClients: true,
      canOwnClients: true,
      canReadPayments: true,
      readsAllPayments: false,
      attendsEvents: true,
      managesEvents: false,
      buysFromStore: true,
      managesStore: false,
    });
    // A permission never widens an associate's payments to everyone's.
    expect(accessRules({ code: 'AGT100' }, [PAYMENTS_READ]).readsAllPayments).toBe(false);
  });

  it('lets staff (no associate code) read clients with clients.read, and never own one', () => {
    expect(accessRules({}, [CLIENTS_READ])).toEqual({
      isStaff: true,
      canReadClients: true,
      canOwnClients: false,
      canReadPayments: false,
      readsAllPayments: false,
      attendsEvents: false,
      managesEvents: false,
      buysFromStore: false,
      managesStore: false,
    });
    expect(accessRules({}, [])).toEqual({
      isStaff: true,
      canReadClients: false,
      canOwnClients: false,
      canReadPayments: false,
      readsAllPayments: false,
      attendsEvents: false,
      managesEvents: false,
      buysFromStore: false,
      managesStore: false,
    });
  });

  it("lets staff with payments.read read every associate's payments", () => {
    expect(accessRules({}, [PAYMENTS_READ])).toEqual({
      isStaff: true,
      canReadClients: false,
      canOwnClients: false,
      canReadPayments: true,
      readsAllPayments: true,
      attendsEvents: false,
      managesEvents: false,
      buysFromStore: false,
      managesStore: false,
    });
  });

  it('lets associates attend events, and staff with events.manage run them', () => {
    expect(accessRules({ code: 'AGT100' }, [])).toMatchObject({
      attendsEvents: true,
      managesEvents: false,
    });
    expect(accessRules({}, [EVENTS_MANAGE])).toMatchObject({
      attendsEvents: false,
      managesEvents: true,
    });
    expect(accessRules({}, [CLIENTS_READ]).managesEvents).toBe(false);
  });

  it('lets associates buy from the store, and staff with store.manage fulfil every order', () => {
    expect(accessRules({ code: 'AGT100' }, [])).toMatchObject({
      buysFromStore: true,
      managesStore: false,
    });
    expect(accessRules({}, [STORE_MANAGE])).toMatchObject({
      buysFromStore: false,
      managesStore: true,
    });
    expect(accessRules({}, [EVENTS_MANAGE]).managesStore).toBe(false);
  });

  it('allows nothing while the user is not known', () => {
    expect(accessRules(undefined, [CLIENTS_READ, PAYMENTS_READ, EVENTS_MANAGE])).toEqual({
      isStaff: false,
      canReadClients: false,
      canOwnClients: false,
      canReadPayments: false,
      readsAllPayments: false,
      attendsEvents: false,
      managesEvents: false,
      buysFromStore: false,
      managesStore: false,
    });
  });
});
