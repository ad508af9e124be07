import { describe, expect, it } from 'vitest';
import { encodeSearch, withSearchParam } from './search';

describe('withSearchParam', () => {
  it('sets one parameter, keeps the others readable, and starts over at page 1', () => {
    expect(
      withSearchParam('filter[state][in][]=TX&page=3&limit=5&view=Personal', 'view', 'Infinity'),
    ).toBe('filter[state][in][]=TX&limit=5&view=Infinity');
    expect(withSearchParam('', 'view', 'Base Shop')).toBe('view=Base%20Shop');
  });

  it('deletes the parameter when the value is undefined or empty, keeping the others', () => {
    expect(
      withSearchParam(
        'period_start=2026-01-01&associate_code=AGT200&page=2',
        'associate_code',
        undefined,
      ),
    ).toBe('period_start=2026-01-01');
    expect(withSearchParam('associate_code=AGT200', 'associate_code', '')).toBe('');
    expect(withSearchParam('view=Infinity', 'associate_code', undefined)).toBe('view=Infinity');
  });
});

describe('encodeSearch', () => {
  it('keeps brackets readable and encodes the rest', () => {
    expect(
      encodeSearch([
        ['filter[name][contains]', 'Ann & Bo'],
        ['view', 'Infinity'],
      ]),
    ).toBe('filter[name][contains]=Ann%20%26%20Bo&view=Infinity');
  });
});
