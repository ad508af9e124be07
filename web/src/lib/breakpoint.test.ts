import { describe, expect, it } from 'vitest';
import { BREAKPOINT_PX, breakpointFor } from './breakpoint';

describe('breakpoint', () => {
  it('is lg above 768 px and sm at or below', () => {
    expect(BREAKPOINT_PX).toBe(768);
    expect(breakpointFor(1280)).toBe('lg');
    expect(breakpointFor(769)).toBe('lg');
    expect(breakpointFor(768)).toBe('sm');
    expect(breakpointFor(375)).toBe('sm');
  });
});
