// Reading errors without caring where they come from (ApiError, Error, a thrown string, a
// router's error response).

import { isRouteErrorResponse } from 'react-router';

export const GENERIC_ERROR = 'Something went wrong';

/** The message of a 422 whose details are field errors; the form shows them by the fields. */
export const VALIDATION_ERROR = 'Validation error';

export function errorStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** What staff are told when an answer is about the associates-only parts of the portal. */
export const ASSOCIATES_ONLY =
  'This part of the portal is for associates. Staff accounts cannot open it.';
export const NO_STAFF_PERMISSION = 'Your staff account does not have permission to open this.';
export const CANNOT_ACT_FOR_ASSOCIATES = 'Your account may not act for associates.';
export const UNKNOWN_ASSOCIATE_CODE = 'No associate has that code.';

/** What an associate is told when an event's seats are all taken, or it takes no
 *  registrations now (closed for registration, started or over). */
export const EVENT_FULL = 'This event is full: every seat is taken.';
export const EVENT_REGISTRATION_CLOSED =
  'This event does not take registrations now: registration is closed, or the event has started.';
/** A second check-in: the server's words say who was checked in and when, in the event's zone. */
export const ALREADY_CHECKED_IN = 'This attendee is checked in already.';

/**
 * Plain words for refusals, chosen by the answer's code, never by its wording: for the ones
 * the server explains to API and CLI users in their terms (the access-token header), and the
 * conflicts a screen names (a full event). A function keeps the server's own words when they
 * carry what the screen must show (who was checked in, and when).
 */
const PLAIN_BY_CODE: Record<string, string | ((message: string) => string)> = {
  associates_only: ASSOCIATES_ONLY,
  staff_permission: NO_STAFF_PERMISSION,
  acting_not_allowed: CANNOT_ACT_FOR_ASSOCIATES,
  acting_code_unknown: UNKNOWN_ASSOCIATE_CODE,
  event_full: EVENT_FULL,
  event_registration_closed: EVENT_REGISTRATION_CLOSED,
  already_checked_in: (message) => message || ALREADY_CHECKED_IN,
};

/** The code of an error answer (the contract's ErrorCode), if it has one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** The words an error came with: a thrown string, or its message; '' without any. */
function ownMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return '';
}

export function errorMessage(error: unknown): string {
  const plain = PLAIN_BY_CODE[errorCode(error) ?? ''];
  if (typeof plain === 'string') return plain;
  const own = ownMessage(error);
  if (plain) return plain(own);
  return own || GENERIC_ERROR;
}

export function fieldErrors(error: unknown): { field: string; message: string }[] {
  if (typeof error === 'object' && error !== null && 'errors' in error) {
    const errors = (error as { errors: unknown }).errors;
    if (Array.isArray(errors)) {
      return errors.filter(
        (e): e is { field: string; message: string } =>
          typeof e === 'object' &&
          e !== null &&
          typeof (e as { field?: unknown }).field === 'string' &&
          typeof (e as { message?: unknown }).message === 'string',
      );
    }
  }
  return [];
}

/** What an error page shows: the status code (when the server answered) and the message. */
export interface ErrorDetails {
  status?: number;
  message: string;
}

/**
 * The status and message of a failure, for an error page: an API answer's status and message
 * (errorMessage: plain words for the refusals it knows), a router's error response, or
 * 'Something went wrong' for anything else (a thrown Error's words are not for the user). No
 * answer at all (status 0, the network) has no status to show, only its message.
 */
export function errorDetails(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message =
      typeof data === 'string' && data
        ? data
        : typeof data === 'object' && data !== null && 'message' in data
          ? errorMessage(data)
          : error.statusText || GENERIC_ERROR;
    return { status: error.status, message };
  }
  const status = errorStatus(error);
  if (status === undefined) return { message: GENERIC_ERROR };
  return status > 0 ? { status, message: errorMessage(error) } : { message: errorMessage(error) };
}

/** The ErrorCode of a link's token (a password reset, an email confirmation, an SSO sign-in)
 *  that is unknown, used or expired (422). */
export const LINK_INVALID_CODE = 'link_invalid';
export const LINK_INVALID_MESSAGE = 'This link is no longer valid';

export function isLinkInvalid(error: unknown): boolean {
  return errorCode(error) === LINK_INVALID_CODE;
}

/** What a link's page says of its failure: 'This link is no longer valid.' for link_invalid;
 *  the field errors of another refusal of the token ('Another account has taken this email
 *  since the link was sent'); otherwise the failure's message. */
export function linkFailureMessage(error: unknown): string {
  if (isLinkInvalid(error)) return `${LINK_INVALID_MESSAGE}.`;
  const message = errorMessage(error);
  const fields = fieldErrors(error).map((e) => e.message);
  return message === VALIDATION_ERROR && fields.length > 0 ? fields.join(' ') : message;
}
