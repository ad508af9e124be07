import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Where the focus goes when a controlled dialog closes. Radix returns it to the dialog's
 * Trigger; a dialog opened from a button of a list or a panel has none, so the focus would
 * fall to the page's body. This remembers what had the focus when `open` became true and
 * gives it back on close — or, when that element is gone (the button the dialog answered,
 * replaced once it succeeded), to the page's main region. Pass the result as the dialog
 * content's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return useCallback((event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
    target?.focus();
    opener.current = null;
  }, []);
}
