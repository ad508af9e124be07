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

export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
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
