// A tiny toast store: anything may push a toast; components/toaster.tsx shows them.

export type ToastKind = 'error' | 'success' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  title: string;
  description?: string;
  /** Milliseconds before the toast closes by itself. */
  duration: number;
}

/** Error toasts stay for 3 s (spec: error toast 3 s). */
export const ERROR_TOAST_MS = 3000;
export const DEFAULT_TOAST_MS = 4000;

type Listener = (items: readonly ToastItem[]) => void;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly ToastItem[]) {
  items = next;
  for (const listener of listeners) listener(items);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return items;
}

export function pushToast(toast: Omit<ToastItem, 'id' | 'duration'> & { duration?: number }) {
  const id = nextId++;
  const duration = toast.duration ?? (toast.kind === 'error' ? ERROR_TOAST_MS : DEFAULT_TOAST_MS);
  // The same message twice in a row (e.g. parallel failing queries) shows once.
  const last = items[items.length - 1];
  if (last && last.title === toast.title && last.description === toast.description) return last.id;
  publish([...items, { ...toast, id, duration }].slice(-5));
  return id;
}

export function dismissToast(id: number) {
  publish(items.filter((item) => item.id !== id));
}

export const toast = {
  error: (title: string, description?: string) => pushToast({ kind: 'error', title, description }),
  success: (title: string, description?: string) =>
    pushToast({ kind: 'success', title, description }),
  info: (title: string, description?: string) => pushToast({ kind: 'info', title, description }),
};
