import { useState } from 'react';
import { useListAcknowledgements } from '@/api/gen/endpoints/acknowledgements/acknowledgements';
import { CenteredSpinner } from '@/components/centered-spinner';
import { AcknowledgementFlow } from '@/features/acknowledgements/acknowledgement-flow';
import { HomePage } from '@/features/dashboard/home-page';
import { usePageTitle } from '@/lib/page-title';

/**
 * The dashboard home. While anything waits for acknowledgement it shows the acknowledgement
 * flow; once the flow has run it stays on 'All acknowledged' until the user continues.
 */
export function HomeRoute() {
  const query = useListAcknowledgements({ query: { meta: { toast: false } } });
  const [flowShown, setFlowShown] = useState(false);
  const pending = query.data ? query.data.memos.length + query.data.w9_documents.length : 0;
  if (pending > 0 && !flowShown) setFlowShown(true);
  usePageTitle(pending > 0 || flowShown ? 'Acknowledgements' : 'Dashboard');

  if (query.isPending) return <CenteredSpinner />;
  if (pending > 0 || flowShown) {
    return <AcknowledgementFlow onContinue={() => setFlowShown(false)} />;
  }
  return <HomePage />;
}
