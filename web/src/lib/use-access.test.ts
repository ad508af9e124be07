import { describe, expect, it } from 'vitest';
import { CLIENTS_READ, accessRules } from './use-access';

describe('accessRules', () => {
  it('lets an associate read and own clients', () => {
    expect(accessRules({ code: 'AGT100' }, [])).toEqual({
      isStaff: false,
      canReadClients: true,
      canOwnClients: true,
    });
  });

  it('lets staff (no associate code) read clients with clients.read, and never own one', () => {
    expect(accessRules({}, [CLIENTS_READ])).toEqual({
      isStaff: true,
      canReadClients: true,
      canOwnClients: false,
    });
    expect(accessRules({}, [])).toEqual({
      isStaff: true,
      canReadClients: false,
      canOwnClients: false,
    });
  });

  it('allows nothing while the user is not known', () => {
    expect(accessRules(undefined, [CLIENTS_READ])).toEqual({
      isStaff: false,
      canReadClients: false,
      canOwnClients: false,
    });
  });
});
