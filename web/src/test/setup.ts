import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { dismissToast, getToasts } from '@/lib/toast';
import { resetFakeApi } from './fake-api';

// One fake server behind the mutator for every file (see fake-api.ts); tests answer with fakeApi.
vi.mock('@/api/mutator', async (original) =>
  (await import('./fake-api')).fakeMutator(await original()),
);

// Each test starts from a blank page. The app modules' own state is reset here too: with
// isolation off (vitest.config.ts) a worker's files share one module graph, so it would
// otherwise pass from one file to the next.
afterEach(() => {
  cleanup();
  resetFakeApi();
  for (const toast of getToasts()) dismissToast(toast.id);
  // setToken is what forgets an intentional logout (endSession), which stops requireLogin from
  // asking for a login; the token itself goes with the storage below.
  setToken('');
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  // Vitest undoes these before the next test (config: restoreMocks, unstubGlobals,
  // unstubEnvs); done here too so that the next file's imports and beforeAll do not meet
  // them. And a test that failed with fake timers on must not leave them to the next file.
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

// jsdom lacks these browser APIs that Radix and the app use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
