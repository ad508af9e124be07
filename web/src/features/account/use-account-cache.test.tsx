import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { getListAccountChangeLogsQueryKey } from '@/api/gen/endpoints/account/account';
import { getListLegalDocumentsQueryKey } from '@/api/gen/endpoints/legal-documents/legal-documents';
import { useAccountRecordsChanged } from './use-account-cache';

describe('useAccountRecordsChanged', () => {
  it('asks again for the records named and for the change log', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useAccountRecordsChanged(), { wrapper });
    await result.current(getListLegalDocumentsQueryKey());
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      getListLegalDocumentsQueryKey(),
      getListAccountChangeLogsQueryKey(),
    ]);
  });
});
