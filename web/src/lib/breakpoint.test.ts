import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockMatchMedia } from '@/test/match-media';
import { BREAKPOINT_PX, breakpointFor, useBreakpoint } from './breakpoint';

describe('breakpoint', () => {
  it('is lg above 768 px and sm at or below', () => {
    expect(BREAKPOINT_PX).toBe(768);
    expect(breakpointFor(1280)).toBe('lg');
    expect(breakpointFor(769)).toBe('lg');
    expect(breakpointFor(768)).toBe('sm');
    expect(breakpointFor(375)).toBe('sm');
  });

  it.each([
    [769, 'lg'],
    [768, 'sm'],
    [390, 'sm'],
  ])('reads %i px as %s from the media query', (width, expected) => {
    mockMatchMedia({ width });
    expect(renderHook(() => useBreakpoint()).result.current).toBe(expected);
  });
});
