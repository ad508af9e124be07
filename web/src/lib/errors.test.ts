import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/mutator';
import {
  ALREADY_CHECKED_IN,
  ASSOCIATES_ONLY,
  CANNOT_ACT_FOR_ASSOCIATES,
  EVENT_FULL,
  EVENT_REGISTRATION_CLOSED,
  NO_STAFF_PERMISSION,
  UNKNOWN_ASSOCIATE_CODE,
  errorDetails,
  errorMessage,
  isLinkInvalid,
  linkFailureMessage,
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

describe('event conflicts', () => {
  const conflict = (message: string, code: string) =>
    new ApiError(409, message, [], { status: 409, message, code });

  it('say a full or closed event in plain words, by the code', () => {
    expect(errorMessage(conflict('Every seat of this event is taken', 'event_full'))).toBe(
      EVENT_FULL,
    );
    expect(
      errorMessage(
        conflict('This event has started: registration is closed', 'event_registration_closed'),
      ),
    ).toBe(EVENT_REGISTRATION_CLOSED);
  });

  it("keep the server's words of a second check-in: who, and when", () => {
    const words = 'Alex Carter (AGT100) was checked in already, at 12/05/2026 09:12:00 CST';
    expect(errorMessage(conflict(words, 'already_checked_in'))).toBe(words);
    expect(errorMessage(conflict('', 'already_checked_in'))).toBe(ALREADY_CHECKED_IN);
  });
});

describe('throttled refusals', () => {
  it("show the server's words, which say when to try again (429, code throttled)", () => {
    const body = {
      status: 429,
      message: 'Too many requests. Try again in 15 minutes.',
      code: 'throttled',
    };
    expect(errorMessage(new ApiError(429, body.message, [], body))).toBe(
      'Too many requests. Try again in 15 minutes.',
    );
  });
});

describe('errorDetails', () => {
  it('gives the status code and message of an API failure', () => {
    expect(errorDetails(new ApiError(404, 'Client not found'))).toEqual({
      status: 404,
      message: 'Client not found',
    });
    // The plain words of a refusal, not the server's.
    const refusal = new ApiError(403, 'Use the access-token header', [], {
      code: 'associates_only',
    });
    expect(errorDetails(refusal)).toEqual({ status: 403, message: ASSOCIATES_ONLY });
  });

  it("gives a network failure's message without a status", () => {
    expect(errorDetails(new ApiError(0, 'The server cannot be reached.'))).toEqual({
      message: 'The server cannot be reached.',
    });
  });

  it('reads a router error response', () => {
    expect(errorDetails(new ErrorResponse(404, 'Not Found', 'Not here'))).toEqual({
      status: 404,
      message: 'Not here',
    });
    expect(errorDetails(new ErrorResponse(404, 'Not Found', null))).toEqual({
      status: 404,
      message: 'Not Found',
    });
  });

  it("falls back to 'Something went wrong'", () => {
    expect(errorDetails(new Error('boom'))).toEqual({ message: 'Something went wrong' });
    expect(errorDetails(undefined)).toEqual({ message: 'Something went wrong' });
  });
});

describe('link failures', () => {
  const refusal = (status: number, message: string, code?: string) =>
    new ApiError(status, message, [], { status, message, code });

  it('knows a link that is unknown, used or expired by its code, not its words', () => {
    const expired = refusal(
      422,
      'This sign-in link has expired; ask for a new one',
      'link_invalid',
    );
    expect(isLinkInvalid(expired)).toBe(true);
    expect(linkFailureMessage(expired)).toBe('This link is no longer valid.');
    expect(isLinkInvalid(refusal(422, 'This sign-in link has expired'))).toBe(false);
    expect(isLinkInvalid(undefined)).toBe(false);
  });

  it("says why the server refused the token when it names the field, and any other failure's message", () => {
    const taken = new ApiError(422, 'Validation error', [
      { field: 'token', message: 'Another account has taken this email since the link was sent' },
    ]);
    expect(linkFailureMessage(taken)).toBe(
      'Another account has taken this email since the link was sent',
    );
    expect(
      linkFailureMessage(refusal(429, 'Too many requests. Try again in 15 minutes.', 'throttled')),
    ).toBe('Too many requests. Try again in 15 minutes.');
    expect(linkFailureMessage(refusal(503, 'Unavailable'))).toBe('Unavailable');
  });
});
