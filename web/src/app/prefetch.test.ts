import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getGetAccessQueryKey } from '@/api/gen/endpoints/access/access';
import { getListAcknowledgementsQueryKey } from '@/api/gen/endpoints/acknowledgements/acknowledgements';
import { getGetDashboardQueryKey } from '@/api/gen/endpoints/dashboard/dashboard';
import { endSession, setToken } from '@/lib/session';
import { accessAnswer, calls, fakeApi } from '@/test/fake-api';
import { prefetchDashboard, prefetchSession } from './prefetch';

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('prefetch loaders', () => {
  beforeEach(() => {
    fakeApi({
      '/access': accessAnswer(),
      '/dashboard/acknowledgements': { memos: [], w9_documents: [] },
      '/dashboard': { greeting: 'Good morning, Alex' },
    });
  });

  it('ask for nothing without a session', () => {
    endSession();
    const queryClient = client();
    expect(prefetchSession(queryClient)).toBeNull();
    expect(prefetchDashboard(queryClient)).toBeNull();
    expect(calls()).toEqual([]);
  });

  it('start the queries the shell and the home read, with the options they read them with', async () => {
    setToken('token');
    const queryClient = client();
    expect(prefetchSession(queryClient)).toBeNull();
    await vi.waitFor(() => expect(queryClient.getQueryData(getGetAccessQueryKey())).toBeDefined());
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(getListAcknowledgementsQueryKey())).toBeDefined(),
    );
    // Failures are the screens' to show: never toasted.
    expect(queryClient.getQueryCache().find({ queryKey: getGetAccessQueryKey() })?.meta).toEqual({
      toast: false,
    });
    prefetchDashboard(queryClient);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(getGetDashboardQueryKey())).toEqual({
        greeting: 'Good morning, Alex',
      }),
    );
    expect(queryClient.getQueryCache().find({ queryKey: getGetDashboardQueryKey() })?.meta).toEqual(
      { toast: false },
    );
    expect(calls().map((c) => c.url)).toEqual([
      '/access',
      '/dashboard/acknowledgements',
      '/dashboard',
    ]);
  });
});
