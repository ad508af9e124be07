import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { requiredText } from './validation';

describe('validation', () => {
  it('parses without compiling code (the CSP refuses new Function)', () => {
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ login: requiredText('Login', 10), n: z.number().optional() });
    expect(schema.safeParse({ login: ' ann ' }).success).toBe(true);
    expect(schema.safeParse({ login: '' }).error?.issues[0]?.message).toBe('Login is required');
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
