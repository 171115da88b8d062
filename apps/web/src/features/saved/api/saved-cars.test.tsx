import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useIsSaved, useSavedCars, useToggleSaved } from './saved-cars.ts';
import { storeSession } from '../../../lib/session-store.ts';
import { carItem } from '../../../test/car-fixtures.ts';
import { jsonResponse, mockFetch } from '../../../test/test-utils.tsx';

afterEach(() => vi.restoreAllMocks());

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('saved cars', () => {
  it('asks nothing while logged out', () => {
    const spy = mockFetch(() => jsonResponse([]));
    const { result } = renderHook(() => useSavedCars(), { wrapper: wrapper() });
    expect(result.current.data).toBeUndefined();
    expect(spy).not.toHaveBeenCalled();
  });

  it('loads the list with the bearer token and answers useIsSaved', async () => {
    storeSession('tok');
    const spy = mockFetch(() => jsonResponse([carItem(4)]));
    const { result } = renderHook(() => ({ list: useSavedCars(), four: useIsSaved(4), five: useIsSaved(5) }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.list.data).toHaveLength(1));
    expect(result.current.four).toBe(true);
    expect(result.current.five).toBe(false);
    expect(String(spy.mock.calls[0]![0])).toBe('/api/inventory/001/3002');
    expect((spy.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('toggles optimistically and rolls back on failure', async () => {
    storeSession('tok');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let release: (r: Response) => void = () => {};
    mockFetch((url) =>
      url.pathname.endsWith('/001/3001') ? new Promise<Response>((r) => (release = r)) : jsonResponse([]),
    );
    const { result } = renderHook(() => ({ list: useSavedCars(), toggle: useToggleSaved(), saved: useIsSaved(9) }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    act(() => result.current.toggle.mutate(carItem(9)));
    await waitFor(() => expect(result.current.saved).toBe(true));
    release(jsonResponse({ message: 'fel' }, 500));
    await waitFor(() => expect(result.current.saved).toBe(false));
  });
});
