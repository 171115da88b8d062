import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportRun } from '@bilmarknaden/shared/schemas/dealer-import-schemas';
import { callsTo, jsonResponse, mockApi, renderAt } from '../../../test/test-utils.tsx';
import { storeSession } from '../../../lib/session-store.ts';
import { DealerImportPage } from './dealer-import-page.tsx';

afterEach(() => vi.restoreAllMocks());

const login = () => storeSession('tok', { username: 'bh-saljare', firstname: 'Bo', lastname: 'H' });
const RUNS = '/api/inventory/dealers/bilhuset/imports';
const PATH = '/handlare/:slug/import';

const run = (over: Partial<ImportRun> = {}): ImportRun => ({
  id: 4,
  dealer: 'bilhuset',
  source: 'upload',
  startedBy: 'bh-saljare',
  format: 'csv',
  full: true,
  status: 'done',
  created: '2026-12-06T08:00:00.000Z',
  startedAt: '2026-12-06T08:00:01.000Z',
  finishedAt: '2026-12-06T08:00:09.000Z',
  total: 3,
  done: 3,
  counts: { created: 2, updated: 0, unchanged: 0, sold: 0, errors: 1 },
  errors: [{ row: 3, field: 'price', message: 'pris saknas' }],
  failure: null,
  ...over,
});

describe('Importera lager', () => {
  it('shows each run’s progress, counts and row errors', async () => {
    login();
    mockApi({
      [`GET ${RUNS}`]: jsonResponse([run({ id: 5, status: 'running', done: 100, total: 250, errors: [] }), run()]),
    });
    renderAt(PATH, <DealerImportPage />, '/handlare/bilhuset/import');
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('100 av 250 rader')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('heading')).toHaveTextContent('Pågår');
    expect(within(items[0]!).getByLabelText('100 av 250 rader')).toHaveAttribute('value', '100');
    expect(within(items[1]!).getByText(/2 nya · 0 ändrade · 0 oförändrade · 0 sålda · 1 fel/)).toBeInTheDocument();
    await userEvent.click(within(items[1]!).getByText('Visa fel (1)'));
    expect(within(items[1]!).getByText('rad 3: pris saknas')).toBeVisible();
  });

  it('uploads the chosen file with full=false when unchecked, and says so', async () => {
    login();
    let sent: FormData | null = null;
    const api = mockApi({
      [`GET ${RUNS}`]: jsonResponse([]),
      [`POST ${RUNS}`]: (init) => {
        sent = init?.body as FormData;
        return jsonResponse({ id: 9, total: 2 }, 202);
      },
    });
    renderAt(PATH, <DealerImportPage />, '/handlare/bilhuset/import');
    expect(await screen.findByText('Inga importer ännu.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ladda upp' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Välj en fil med flödet');
    expect(callsTo(api, `POST ${RUNS}`)).toHaveLength(0);
    const file = new File(['externalId,price\nA1,100\n'], 'lager.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Flödesfil (CSV, JSON eller zip med bilder)'), file);
    await userEvent.click(screen.getByLabelText('Hela lagret: bilar som saknas i flödet markeras som sålda'));
    await userEvent.click(screen.getByRole('button', { name: 'Ladda upp' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Flödet med 2 bilar importeras.');
    expect(sent!.get('full')).toBe('false');
    expect((sent!.get('feed') as File).name).toBe('lager.csv');
  });

  it('shows the server’s refusal of a file, and of a user who is not the dealer’s', async () => {
    login();
    mockApi({
      [`GET ${RUNS}`]: jsonResponse([]),
      [`POST ${RUNS}`]: jsonResponse({ message: 'Flödet innehåller inga bilar', field: 'feed' }, 400),
    });
    const { unmount } = renderAt(PATH, <DealerImportPage />, '/handlare/bilhuset/import');
    await screen.findByText('Inga importer ännu.');
    await userEvent.upload(screen.getByLabelText(/Flödesfil/), new File([''], 'tom.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Ladda upp' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Flödet innehåller inga bilar');
    unmount();
    vi.restoreAllMocks();
    mockApi({ [`GET ${RUNS}`]: jsonResponse({ message: 'Du hör inte till den här handlaren' }, 403) });
    renderAt(PATH, <DealerImportPage />, '/handlare/bilhuset/import');
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hör inte till den här handlaren');
  });
});
