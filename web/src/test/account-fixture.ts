import type { AccountProfile } from '@/api/gen/model/accountProfile';

// The account of the fake API's agent (fake-api.ts: AGENT_USER), as GET /account answers it.

export const ACCOUNT: AccountProfile = {
  code: 'AGT100',
  first_name: 'Alex',
  last_name: 'Carter',
  date_of_birth: '1980-02-29',
  gender: 'Male',
  marital_status: 'Married',
  shirt_size: 'L',
  email: 'agent@example.com',
  phone: '5551234567',
  alt_phone: '5559876543',
  address: {
    line1: '1 Main St',
    line2: 'Suite 2',
    city: 'Detroit',
    state: 'MI',
    postal_code: '48201',
  },
  spouse: { name: 'Sam Carter', email: 'sam@example.com', phone: '5550001111' },
  level: { code: 'A', name: 'Associate', rank: 2, is_senior_level: false },
  status: 'Active',
  kind: 'Builder',
  country: 'USA',
  joined_on: '2020-03-04',
};
