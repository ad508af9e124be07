import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { errorDetails } from '@/lib/errors';
import { usePageTitle } from '@/lib/page-title';
import { reportError } from '@/lib/sentry';

/** The error element of every route. */
export function RouteError() {
  const error = useRouteError();
  const details = errorDetails(error);
  usePageTitle(errorTitle(details));
  useEffect(() => {
    if (!details.status || details.status >= 500) reportError(error);
  }, [error, details.status]);
  return <ErrorPanel {...details} />;
}
