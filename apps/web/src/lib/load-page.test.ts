import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPage } from './load-page.ts';

beforeEach(() => sessionStorage.clear());

const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('loadPage', () => {
  it('answers the chunk when it loads, without reloading', async () => {
    const reload = vi.fn();
    await expect(loadPage(() => Promise.resolve({ default: 'sida' }), reload)).resolves.toEqual({ default: 'sida' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a chunk of an older build is missing, and never renders meanwhile', async () => {
    const reload = vi.fn();
    let settled = false;
    void loadPage(missing, reload, () => 1_000_000).finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
  });

  it('shows the error when the chunk still fails right after that reload, and reloads again later', async () => {
    const reload = vi.fn();
    void loadPage(missing, reload, () => 1_000_000);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await expect(loadPage(missing, reload, () => 1_010_000)).rejects.toThrow('dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
    void loadPage(missing, reload, () => 1_100_000);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });
});
