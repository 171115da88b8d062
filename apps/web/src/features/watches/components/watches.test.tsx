import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Watch } from '@bilmarknaden/shared/api-types';
import { WATCH_MESSAGES } from '@bilmarknaden/shared/watches';
import { callsTo, jsonResponse, mockApi, renderAt } from '../../../test/test-utils.tsx';
import * as loginDialog from '../../../lib/login-dialog.ts';
import { storeSession } from '../../../lib/session-store.ts';
import { WatchSearchButton } from './watch-search-button.tsx';
import { WatchesPage } from './watches-page.tsx';

afterEach(() => vi.restoreAllMocks());

const login = () => storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
const WATCHES = '/api/inventory/watches';

const watch = (over: Partial<Watch> = {}): Watch => ({
  id: 7,
  name: 'Volvo, Diesel',
  notify: 'instant',
  paused: false,
  query: { make: 'Volvo', fuel: 'diesel', priceMax: '150000' },
  createdAt: '2026-11-01T10:00:00.000Z',
  newCount: 3,
  ...over,
});

describe('Bevaka sökning', () => {
  it('opens the login dialog while logged out, and shows nothing without a filter', async () => {
    const open = vi.spyOn(loginDialog, 'openLoginDialog');
    const { unmount } = renderAt('/', <WatchSearchButton query={{}} />, '/');
    expect(screen.queryByRole('button', { name: 'Bevaka sökning' })).not.toBeInTheDocument();
    unmount();
    renderAt('/', <WatchSearchButton query={{ make: 'Volvo' }} />, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Bevaka sökning' }));
    expect(open).toHaveBeenCalled();
  });

  it('saves the search with its proposed name, the chosen way of telling and a confirmation', async () => {
    login();
    let body: unknown;
    const api = mockApi({
      [`POST ${WATCHES}`]: (init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(watch({ name: 'Min Volvo', notify: 'daily' }), 201);
      },
      [`GET ${WATCHES}`]: jsonResponse([]),
    });
    renderAt('/', <WatchSearchButton query={{ make: 'Volvo', fuel: 'diesel', trans: 'automat' }} />, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Bevaka sökning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bevaka sökning' });
    const name = within(dialog).getByLabelText('Namn på bevakningen');
    expect(name).toHaveValue('Volvo, Diesel, Automat');
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara bevakning' }));
    expect(within(dialog).getByText(WATCH_MESSAGES.nameEmpty)).toBeInTheDocument();
    expect(callsTo(api, `POST ${WATCHES}`)).toHaveLength(0);
    await userEvent.type(name, 'Min Volvo');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Mejl en gång om dagen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara bevakning' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Bevakningen Min Volvo är sparad.');
    expect(body).toEqual({
      query: { make: 'Volvo', fuel: 'diesel', trans: 'automat' },
      name: 'Min Volvo',
      notify: 'daily',
    });
  });

  it('refuses control and bidi characters in the name and the search before sending (issue 46)', async () => {
    login();
    const api = mockApi({ [`POST ${WATCHES}`]: jsonResponse(watch(), 201) });
    const { unmount } = renderAt('/', <WatchSearchButton query={{ make: 'Volvo' }} />, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Bevaka sökning' }));
    let dialog = await screen.findByRole('dialog', { name: 'Bevaka sökning' });
    const name = within(dialog).getByLabelText('Namn på bevakningen');
    for (const bad of ['Volvo\u202E09', 'Volvo\u0007']) {
      await userEvent.clear(name);
      await userEvent.type(name, bad);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Spara bevakning' }));
      expect(within(dialog).getByText(WATCH_MESSAGES.nameCharacters)).toBeInTheDocument();
    }
    unmount();
    // A search term from the address (the search box's own text) with a right-to-left override.
    renderAt('/', <WatchSearchButton query={{ searchterm: 'xc\u202E06' }} />, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Bevaka sökning' }));
    dialog = await screen.findByRole('dialog', { name: 'Bevaka sökning' });
    const own = within(dialog).getByLabelText('Namn på bevakningen');
    await userEvent.clear(own);
    await userEvent.type(own, 'Min XC60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara bevakning' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(WATCH_MESSAGES.queryCharacters);
    expect(callsTo(api, `POST ${WATCHES}`)).toHaveLength(0);
  });

  it("shows the server's Swedish refusal (the limit) in the dialog", async () => {
    login();
    mockApi({ [`POST ${WATCHES}`]: jsonResponse({ message: WATCH_MESSAGES.limit }, 409) });
    renderAt('/', <WatchSearchButton query={{ searchterm: 'xc60' }} />, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Bevaka sökning' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Spara bevakning' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WATCH_MESSAGES.limit);
  });
});

describe('Bevakningar', () => {
  it('lists each bevakning with its chips, new count and links, and pauses, renames and deletes it', async () => {
    login();
    let current = watch();
    const api = mockApi({
      [`GET ${WATCHES}`]: () => jsonResponse([current]),
      [`PUT ${WATCHES}/7`]: (init) => {
        current = { ...current, ...(JSON.parse(String(init?.body)) as Partial<Watch>) };
        return jsonResponse(current);
      },
      [`DELETE ${WATCHES}/7`]: () => new Response(null, { status: 204 }),
      [`GET ${WATCHES}/new-count`]: jsonResponse({ newCount: 3 }),
    });
    renderAt('/bevakningar', <WatchesPage />, '/bevakningar');
    const item = await screen.findByRole('listitem', { name: 'Volvo, Diesel' });
    expect(within(item).getByText('3 nya')).toBeInTheDocument();
    const chips = within(within(item).getByRole('list', { name: 'Filter' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['Volvo', 'Diesel', 'Pris till 150 000 kr']);
    expect(within(item).getByRole('link', { name: 'Visa bilarna i Volvo, Diesel' })).toHaveAttribute(
      'href',
      '/bevakningar/7',
    );
    expect(within(item).getByRole('link', { name: 'Öppna sökningen Volvo, Diesel' })).toHaveAttribute(
      'href',
      '/?make=Volvo&fuel=diesel&priceMax=150000',
    );

    await userEvent.click(within(item).getByRole('button', { name: 'Pausa Volvo, Diesel' }));
    expect(await screen.findByText('Volvo, Diesel är pausad')).toBeInTheDocument();
    expect(within(item).getByText('Pausad')).toBeInTheDocument();

    await userEvent.selectOptions(within(item).getByLabelText('Meddela mig'), 'site');
    await waitFor(() => expect(current.notify).toBe('site'));

    await userEvent.click(within(item).getByRole('button', { name: 'Byt namn på Volvo, Diesel' }));
    const name = within(item).getByLabelText('Nytt namn');
    await userEvent.clear(name);
    await userEvent.type(name, 'Dieselvolvo');
    await userEvent.click(within(item).getByRole('button', { name: 'Spara namnet' }));
    expect(await screen.findByRole('heading', { name: 'Dieselvolvo' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ta bort Dieselvolvo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ta bort bevakningen?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    expect(await screen.findByText('Bevakningen Dieselvolvo är borttagen')).toBeInTheDocument();
    expect(callsTo(api, `DELETE ${WATCHES}/7`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Dieselvolvo' })).not.toBeInTheDocument());
  });
});
