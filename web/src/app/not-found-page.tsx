import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { usePageTitle } from '@/lib/page-title';

const NOT_FOUND = { status: 404, message: 'Page not found' };

/** Any route the app does not know: the error page of a 404, with the way back. */
export function NotFoundPage() {
  usePageTitle(errorTitle(NOT_FOUND));
  return (
    <ErrorPanel
      {...NOT_FOUND}
      description="The page you are looking for does not exist or has moved."
    />
  );
}
