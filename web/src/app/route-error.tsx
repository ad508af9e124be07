import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPanel, errorTitle, type ErrorDetails } from '@/components/error-panel';
import { GENERIC_ERROR, errorMessage, errorStatus } from '@/lib/errors';
import { usePageTitle } from '@/lib/page-title';
import { reportError } from '@/lib/sentry';

/** The code and message of a route failure, or 'Something went wrong'. */
export function describeRouteError(error: unknown): ErrorDetails {
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
  if (status !== undefined && status > 0) return { status, message: errorMessage(error) };
  return { message: GENERIC_ERROR };
}

/** The error element of every route. */
export function RouteError() {
  const error = useRouteError();
  const details = describeRouteError(error);
  usePageTitle(errorTitle(details));
  useEffect(() => {
    if (!details.status || details.status >= 500) reportError(error);
  }, [error, details.status]);
  return <ErrorPanel {...details} />;
}
