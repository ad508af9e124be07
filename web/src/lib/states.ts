import { Country } from '@/api/gen/model/country';
import { StateCode } from '@/api/gen/model/stateCode';

// US states and territories, then Canadian provinces and territories (the contract's StateCode).

export interface StateOption {
  code: StateCode;
  label: string;
  country: Country;
}

/** Every code of the contract, named: TypeScript refuses a code missing here or one too many. */
const STATE_NAMES: Record<StateCode, Omit<StateOption, 'code'>> = {
  AL: { label: 'Alabama', country: 'USA' },
  AK: { label: 'Alaska', country: 'USA' },
  AZ: { label: 'Arizona', country: 'USA' },
  AR: { label: 'Arkansas', country: 'USA' },
  CA: { label: 'California', country: 'USA' },
  CO: { label: 'Colorado', country: 'USA' },
  CT: { label: 'Connecticut', country: 'USA' },
  DE: { label: 'Delaware', country: 'USA' },
  DC: { label: 'District of Columbia', country: 'USA' },
  FL: { label: 'Florida', country: 'USA' },
  GA: { label: 'Georgia', country: 'USA' },
  HI: { label: 'Hawaii', country: 'USA' },
  ID: { label: 'Idaho', country: 'USA' },
  IL: { label: 'Illinois', country: 'USA' },
  IN: { label: 'Indiana', country: 'USA' },
  IA: { label: 'Iowa', country: 'USA' },
  KS: { label: 'Kansas', country: 'USA' },
  KY: { label: 'Kentucky', country: 'USA' },
  LA: { label: 'Louisiana', country: 'USA' },
  ME: { label: 'Maine', country: 'USA' },
  MD: { label: 'Maryland', country: 'USA' },
  MA: { label: 'Massachusetts', country: 'USA' },
  MI: { label: 'Michigan', country: 'USA' },
  MN: { label: 'Minnesota', country: 'USA' },
  MS: { label: 'Mississippi', country: 'USA' },
  MO: { label: 'Missouri', country: 'USA' },
  MT: { label: 'Montana', country: 'USA' },
  NE: { label: 'Nebraska', country: 'USA' },
  NV: { label: 'Nevada', country: 'USA' },
  NH: { label: 'New Hampshire', country: 'USA' },
  NJ: { label: 'New Jersey', country: 'USA' },
  NM: { label: 'New Mexico', country: 'USA' },
  NY: { label: 'New York', country: 'USA' },
  NC: { label: 'North Carolina', country: 'USA' },
  ND: { label: 'North Dakota', country: 'USA' },
  OH: { label: 'Ohio', country: 'USA' },
  OK: { label: 'Oklahoma', country: 'USA' },
  OR: { label: 'Oregon', country: 'USA' },
  PA: { label: 'Pennsylvania', country: 'USA' },
  RI: { label: 'Rhode Island', country: 'USA' },
  SC: { label: 'South Carolina', country: 'USA' },
  SD: { label: 'South Dakota', country: 'USA' },
  TN: { label: 'Tennessee', country: 'USA' },
  TX: { label: 'Texas', country: 'USA' },
  UT: { label: 'Utah', country: 'USA' },
  VT: { label: 'Vermont', country: 'USA' },
  VA: { label: 'Virginia', country: 'USA' },
  WA: { label: 'Washington', country: 'USA' },
  WV: { label: 'West Virginia', country: 'USA' },
  WI: { label: 'Wisconsin', country: 'USA' },
  WY: { label: 'Wyoming', country: 'USA' },
  AS: { label: 'American Samoa', country: 'USA' },
  GU: { label: 'Guam', country: 'USA' },
  MP: { label: 'Northern Mariana Islands', country: 'USA' },
  PR: { label: 'Puerto Rico', country: 'USA' },
  VI: { label: 'U.S. Virgin Islands', country: 'USA' },
  AB: { label: 'Alberta', country: 'Canada' },
  BC: { label: 'British Columbia', country: 'Canada' },
  MB: { label: 'Manitoba', country: 'Canada' },
  NB: { label: 'New Brunswick', country: 'Canada' },
  NL: { label: 'Newfoundland and Labrador', country: 'Canada' },
  NS: { label: 'Nova Scotia', country: 'Canada' },
  NT: { label: 'Northwest Territories', country: 'Canada' },
  NU: { label: 'Nunavut', country: 'Canada' },
  ON: { label: 'Ontario', country: 'Canada' },
  PE: { label: 'Prince Edward Island', country: 'Canada' },
  QC: { label: 'Quebec', country: 'Canada' },
  SK: { label: 'Saskatchewan', country: 'Canada' },
  YT: { label: 'Yukon', country: 'Canada' },
};

/** The options in the contract's order, grouped by country (USA, then Canada): a code the
 *  contract appends still lands among its own country's. */
export const STATES: readonly StateOption[] = Object.values(Country).flatMap((country) =>
  Object.values(StateCode)
    .filter((code) => STATE_NAMES[code].country === country)
    .map((code) => ({ code, ...STATE_NAMES[code] })),
);

const byCode = new Map(STATES.map((s) => [s.code as string, s]));

export function stateLabel(code: string | null | undefined): string {
  if (!code) return '';
  return byCode.get(code)?.label ?? code;
}

export function statesOf(country: string | undefined): readonly StateOption[] {
  if (country !== 'USA' && country !== 'Canada') return STATES;
  return STATES.filter((s) => s.country === country);
}
