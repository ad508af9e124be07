import { describe, expect, it } from 'vitest';
import { parsePositiveId } from './ids';

describe('parsePositiveId', () => {
  it('reads a positive integer', () => {
    expect(parsePositiveId('1')).toBe(1);
    expect(parsePositiveId('101')).toBe(101);
    expect(parsePositiveId('007')).toBe(7);
    expect(parsePositiveId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('answers undefined for anything else', () => {
    for (const text of [
      undefined,
      null,
      '',
      '0',
      '000',
      '-1',
      '+1',
      '1.5',
      '1e3',
      ' 1',
      '1 ',
      'abc',
      '12abc',
      '0x10',
      '9007199254740992',
      '99999999999999999999',
    ]) {
      expect(parsePositiveId(text), String(text)).toBeUndefined();
    }
  });
});
