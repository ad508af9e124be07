import { Suspense, lazy, useState } from 'react';
import { useListAcknowledgements } from '@/api/gen/endpoints/acknowledgements/acknowledgements';
import { CenteredSpinner } from '@/components/centered-spinner';
import { HomePage } from '@/features/dashboard/home-page';
import { usePageTitle } from '@/lib/page-title';
import { QUIET_QUERY } from '@/lib/query-meta';

// The flow (and its signature pad) loads only when something waits for acknowledgement.
const AcknowledgementFlow = lazy(async () => ({
  default: (await import('@/features/acknowledgements/acknowledgement-flow')).AcknowledgementFlow,
}));

/**
 * The dashboard home. While anything waits for acknowledgement it shows the acknowledgement
 * flow; once the flow has run it stays on 'All acknowledged' until the user continues.
 */
export function HomeRoute() {
  const query = useListAcknowledgements({ query: QUIET_QUERY });
  const [flowShown, setFlowShown] = useState(false);
  const pending = query.data ? query.data.memos.length + query.data.w9_documents.length : 0;
  if (pending > 0 && !flowShown) setFlowShown(true);
  usePageTitle(pending > 0 || flowShown ? 'Acknowledgements' : 'Dashboard');

  if (query.isPending) return <CenteredSpinner />;
  if (pending > 0 || flowShown) {
    return (
      <Suspense fallback={<CenteredSpinner />}>
        <AcknowledgementFlow onContinue={() => setFlowShown(false)} />
      </Suspense>
    );
  }
  return <HomePage />;
}
