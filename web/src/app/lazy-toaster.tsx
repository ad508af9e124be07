import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from '@/lib/toast';

const Toaster = lazy(async () => ({ default: (await import('@/components/toaster')).Toaster }));

const anyToast = () => getToasts().length > 0;

/** The toasts' viewport (Radix Toast), loaded with the first toast — most first loads show
 *  none — and kept from then on. */
export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  const any = useSyncExternalStore(subscribeToasts, anyToast, anyToast);
  if (any && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
