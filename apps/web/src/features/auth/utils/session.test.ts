import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@bilmarknaden/shared/constants';
import { getToken, getUserDetails, storeSession } from '../../../lib/session-store.ts';
import {
  callsTo,
  CURRENT_USER,
  jsonResponse,
  mockApi,
  testQueryClient,
  textResponse,
  tokenExpiringIn,
} from '../../../test/test-utils.tsx';
import {
  cancelScheduledRefresh,
  completeLogin,
  logout,
  REFRESH_LEAD_MS,
  refreshSession,
  startSessionRefresh,
} from './session.ts';

const REFRESH = 'GET /api/identity/user/refresh';
const DETAILS = { username: 'anna', firstname: 'Anna', lastname: 'Svensson' };

let events: string[] = [];
let stop: (() => void) | undefined;
const record = (e: Event) => events.push(e.type);

beforeEach(() => {
  events = [];
  for (const name of ['loggedin', 'profileSet', 'loggedout']) window.addEventListener(name, record);
});

afterEach(() => {
  for (const name of ['loggedin', 'profileSet', 'loggedout']) window.removeEventListener(name, record);
  stop?.();
  stop = undefined;
  cancelScheduledRefresh();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session transitions', () => {
  it('login stores the token, fetches the profile, stores the details and emits loggedin then profileSet', async () => {
    const api = mockApi({ 'GET /api/identity/user': jsonResponse(CURRENT_USER, 200) });
    const user = await completeLogin('tok.en.1', testQueryClient());
    expect(user).toEqual(CURRENT_USER);
    expect(getToken()).toBe('tok.en.1');
    expect(getUserDetails()).toEqual(DETAILS);
    expect(events).toEqual(['loggedin', 'profileSet']);
    expect(callsTo(api, 'GET /api/identity/user')[0]![1]!.headers).toMatchObject({ Authorization: 'Bearer tok.en.1' });
  });

  it('a failed profile fetch keeps the token, is logged and emits no profileSet', async () => {
    mockApi({ 'GET /api/identity/user': jsonResponse({ message: 'fel' }, 500) });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await completeLogin('tok.en.1', testQueryClient())).toBeNull();
    expect(getToken()).toBe('tok.en.1');
    expect(events).toEqual(['loggedin']);
    expect(error).toHaveBeenCalled();
  });

  it('logout clears token and details, emits loggedout and reloads', () => {
    storeSession('tok.en.1', DETAILS);
    const reload = vi.fn();
    logout(reload);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userDetails)).toBeNull();
    expect(events).toEqual(['loggedout']);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a successful refresh replaces the token and keeps the details', async () => {
    const old = tokenExpiringIn(30);
    const fresh = tokenExpiringIn(3600);
    storeSession(old, DETAILS);
    const api = mockApi({ [REFRESH]: textResponse(fresh, 200) });
    expect(await refreshSession()).toBe(fresh);
    expect(getToken()).toBe(fresh);
    expect(getUserDetails()).toEqual(DETAILS);
    expect(callsTo(api, REFRESH)[0]![1]!.headers).toMatchObject({ Authorization: `Bearer ${old}` });
  });

  it('a failed refresh logs out and clears the token', async () => {
    storeSession(tokenExpiringIn(30), DETAILS);
    mockApi({ [REFRESH]: jsonResponse({ message: 'Ogiltig token' }, 401) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await refreshSession()).toBeNull();
    expect(getToken()).toBeNull();
    expect(getUserDetails()).toBeNull();
    expect(events).toEqual(['loggedout']);
  });

  it('a network failure while the token is still valid retries instead of logging out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const token = tokenExpiringIn(50);
    const fresh = tokenExpiringIn(3600);
    storeSession(token, DETAILS);
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(textResponse(fresh, 200));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await refreshSession()).toBe(token);
    expect(getToken()).toBe(token);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(getToken()).toBe(fresh);
  });
});

describe('refresh before expiry', () => {
  it('refreshes 60 s before exp, not earlier, then schedules the next one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const first = tokenExpiringIn(600);
    const second = tokenExpiringIn(1200);
    storeSession(first, DETAILS);
    const api = mockApi({ [REFRESH]: textResponse(second, 200) });
    stop = startSessionRefresh();

    await vi.advanceTimersByTimeAsync(600_000 - REFRESH_LEAD_MS - 1000);
    expect(callsTo(api, REFRESH)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(callsTo(api, REFRESH)).toHaveLength(1);
    expect(getToken()).toBe(second);

    // the next refresh is timed from the new token's exp (1200 s after the start)
    await vi.advanceTimersByTimeAsync(599_000);
    expect(callsTo(api, REFRESH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(callsTo(api, REFRESH)).toHaveLength(2);
  });

  it('refreshes at once on load when the token expires within 60 s', async () => {
    storeSession(tokenExpiringIn(45), DETAILS);
    const fresh = tokenExpiringIn(3600);
    const api = mockApi({ [REFRESH]: textResponse(fresh, 200) });
    stop = startSessionRefresh();
    await vi.waitFor(() => expect(getToken()).toBe(fresh));
    expect(callsTo(api, REFRESH)).toHaveLength(1);
  });

  it('an already expired token on load: refresh is tried, and its failure logs out', async () => {
    storeSession(tokenExpiringIn(-10), DETAILS);
    const api = mockApi({ [REFRESH]: jsonResponse({ message: 'Utgången token' }, 401) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stop = startSessionRefresh();
    await vi.waitFor(() => expect(getToken()).toBeNull());
    expect(callsTo(api, REFRESH)).toHaveLength(1);
    expect(events).toEqual(['loggedout']);
  });

  it('a login while running schedules the refresh for the new token; logout cancels it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const api = mockApi({ [REFRESH]: textResponse(tokenExpiringIn(3600), 200) });
    stop = startSessionRefresh();
    storeSession(tokenExpiringIn(120), DETAILS);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(callsTo(api, REFRESH)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(callsTo(api, REFRESH)).toHaveLength(1);

    logout(() => {});
    await vi.advanceTimersByTimeAsync(4_000_000);
    expect(callsTo(api, REFRESH)).toHaveLength(1);
  });
});
