import { describe, expect, it } from 'vitest';
import { requiredTextError } from './field-rules';

describe('requiredTextError', () => {
  it("says '{label} is required' for an empty value and names the longest allowed", () => {
    expect(requiredTextError('Password', '', 256)).toBe('Password is required');
    expect(requiredTextError('Login', 'x'.repeat(11), 10)).toBe(
      'Login must be at most 10 characters',
    );
    expect(requiredTextError('Login', 'x'.repeat(10), 10)).toBeUndefined();
  });
});
