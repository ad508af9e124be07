// Reading errors without caring where they come from (ApiError, Error, a thrown string).

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

/**
 * Plain words for the server's messages that speak to developers: the server tells API and CLI
 * users about the access-token header and `portal --as`, which mean nothing on a screen.
 */
export function plainMessage(message: string): string {
  if (/^Staff need the \S+ permission/i.test(message)) return NO_STAFF_PERMISSION;
  if (!/access-token|--as\b|\bheader\b/i.test(message)) return message;
  if (/permission/i.test(message)) return NO_STAFF_PERMISSION;
  if (/only for staff allowed/i.test(message)) return CANNOT_ACT_FOR_ASSOCIATES;
  if (/no associate has the code/i.test(message)) return UNKNOWN_ASSOCIATE_CODE;
  return ASSOCIATES_ONLY;
}

export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error) return plainMessage(error);
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message) return plainMessage(message);
  }
  return GENERIC_ERROR;
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
