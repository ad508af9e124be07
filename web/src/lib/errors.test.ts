import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/mutator';
import {
  ASSOCIATES_ONLY,
  CANNOT_ACT_FOR_ASSOCIATES,
  NO_STAFF_PERMISSION,
  UNKNOWN_ASSOCIATE_CODE,
  errorMessage,
} from './errors';

describe('plain messages for staff', () => {
  it.each([
    ['This is for associates', 'associates_only', ASSOCIATES_ONLY],
    ['Team screens are for associates', 'associates_only', ASSOCIATES_ONLY],
    ['Staff need the clients.read permission for this', 'staff_permission', NO_STAFF_PERMISSION],
    [
      'Only staff allowed to act for associates can act for one',
      'acting_not_allowed',
      CANNOT_ACT_FOR_ASSOCIATES,
    ],
    ['No associate has the code "ZZZ1"', 'acting_code_unknown', UNKNOWN_ASSOCIATE_CODE],
  ])('%s (%s)', (server, code, plain) => {
    const error = new ApiError(403, server, [], { status: 403, message: server, code });
    expect(error.code).toBe(code);
    expect(errorMessage(error)).toBe(plain);
    expect(plain).not.toMatch(/access-token|header|--as/);
  });

  it('goes by the code, not the words', () => {
    const words = 'This is for associates; staff act for one with the access-token header';
    expect(errorMessage(new ApiError(403, words))).toBe(words);
    expect(errorMessage(new ApiError(401, 'Acting for an associate needs a staff session'))).toBe(
      'Acting for an associate needs a staff session',
    );
  });

  it('leaves every other message as it is', () => {
    expect(errorMessage('Client not found')).toBe('Client not found');
    expect(errorMessage(new ApiError(422, 'Validation error'))).toBe('Validation error');
    expect(errorMessage(undefined)).toBe('Something went wrong');
  });
});
