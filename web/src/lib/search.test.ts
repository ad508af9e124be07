import { describe, expect, it } from 'vitest';
import { encodeSearch, withSearchParam } from './search';

describe('withSearchParam', () => {
  it('sets one parameter, keeps the others readable, and starts over at page 1', () => {
    expect(
      withSearchParam('filter[state][in][]=TX&page=3&limit=5&view=Personal', 'view', 'Infinity'),
    ).toBe('filter[state][in][]=TX&limit=5&view=Infinity');
    expect(withSearchParam('', 'view', 'Base Shop')).toBe('view=Base%20Shop');
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
