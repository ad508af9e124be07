import { Table } from '@radix-ui/themes';
import { useEffect, useRef, type ComponentProps } from 'react';

/**
 * A Radix table whose scrolling box (Radix wraps every table in one) can be reached and
 * scrolled by keyboard when the table is wider than its place: a table of plain text has
 * nothing focusable inside, so its box takes the focus itself and is named after the table.
 */
export function DataTable({
  label,
  ...props
}: ComponentProps<typeof Table.Root> & { label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewport = ref.current?.querySelector<HTMLElement>('.rt-ScrollAreaViewport');
    if (!viewport) return;
    const update = () => {
      if (viewport.scrollWidth > viewport.clientWidth + 1) {
        viewport.tabIndex = 0;
        viewport.setAttribute('role', 'region');
        viewport.setAttribute('aria-label', label);
      } else {
        viewport.removeAttribute('tabindex');
        viewport.removeAttribute('role');
        viewport.removeAttribute('aria-label');
      }
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(viewport);
    const table = viewport.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [label]);
  return <Table.Root ref={ref} {...props} />;
}
