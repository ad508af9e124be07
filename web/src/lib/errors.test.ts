import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/mutator';
import {
  ASSOCIATES_ONLY,
  CANNOT_ACT_FOR_ASSOCIATES,
  NO_STAFF_PERMISSION,
  UNKNOWN_ASSOCIATE_CODE,
  errorMessage,
  plainMessage,
} from './errors';

describe('plain messages for staff', () => {
  it.each([
    // The server's words for API and CLI users (server/api/access.go, server/store/*.go).
    [
      'This is for associates; staff act for one with the access-token header (portal --as CODE)',
      ASSOCIATES_ONLY,
    ],
    [
      'Team screens are for associates; staff act for one with the access-token header',
      ASSOCIATES_ONLY,
    ],
    ['Only associates own clients; staff act for an associate with access-token', ASSOCIATES_ONLY],
    [
      'Staff need the clients.read permission for this, or act for an associate with the access-token header (portal --as CODE)',
      NO_STAFF_PERMISSION,
    ],
    ['Staff need the clients.read permission to see clients', NO_STAFF_PERMISSION],
    [
      'The access-token header is only for staff allowed to act for associates',
      CANNOT_ACT_FOR_ASSOCIATES,
    ],
    ['No associate has the code "ZZZ1" given in access-token', UNKNOWN_ASSOCIATE_CODE],
  ])('%s', (server, plain) => {
    expect(plainMessage(server)).toBe(plain);
    expect(errorMessage(new ApiError(403, server))).toBe(plain);
    expect(plain).not.toMatch(/access-token|header|--as/);
  });

  it('leaves every other message as it is', () => {
    expect(plainMessage('Client not found')).toBe('Client not found');
    expect(errorMessage(new ApiError(422, 'Validation error'))).toBe('Validation error');
    expect(errorMessage(undefined)).toBe('Something went wrong');
  });
});
