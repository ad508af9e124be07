import { describe, expect, it } from 'vitest';
import { StateCode } from '@/api/gen/model/stateCode';
import { STATES, stateLabel, statesOf } from './states';

describe('STATES', () => {
  it('holds every code of the contract once', () => {
    const codes = STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(Object.values(StateCode).sort());
  });

  it('lists the US states and territories, then the Canadian provinces and territories', () => {
    const countries = STATES.map((s) => s.country);
    expect(countries.lastIndexOf('USA')).toBeLessThan(countries.indexOf('Canada'));
    expect(statesOf('USA')).toHaveLength(56);
    expect(statesOf('Canada')).toHaveLength(13);
    expect(STATES.slice(0, 2).map((s) => s.label)).toEqual(['Alabama', 'Alaska']);
    expect(statesOf('USA').at(-1)?.label).toBe('U.S. Virgin Islands');
    expect(STATES.at(-1)?.label).toBe('Yukon');
  });
});

describe('stateLabel', () => {
  it('names a code, keeps an unknown one as it is and shows nothing for none', () => {
    expect(stateLabel('DC')).toBe('District of Columbia');
    expect(stateLabel('QC')).toBe('Quebec');
    expect(stateLabel('ZZ')).toBe('ZZ');
    expect(stateLabel(null)).toBe('');
  });
});

describe('statesOf', () => {
  it('gives every state for no or an unknown country', () => {
    expect(statesOf(undefined)).toBe(STATES);
    expect(statesOf('Mexico')).toBe(STATES);
  });
});
