import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractView } from '@bilmarknaden/shared/schemas/contract-schemas';
import { CASH_WARNING, CONTRACT_MESSAGES, swedishDay } from '@bilmarknaden/shared/validation/contract';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, jsonResponse, mockApi, renderAt } from '../../../test/test-utils.tsx';
import { ContractSection } from './contract-section.tsx';

afterEach(() => vi.restoreAllMocks());

const BASE = '/api/messaging/conversations/5/contract';
const show = () => renderAt('/messages/:id', <ContractSection conversationId={5} canWrite />, '/messages/5');
const draft = {
  car: { registrationNumber: 'ABC123', make: 'Volvo', model: 'V70', year: 2015 },
  seller: { username: 'sara', name: 'Sara Säljare' },
  buyer: { username: 'kalle', name: 'Kalle Köpare' },
  terms: { price: 85_000, milage: 18_500 },
};
const contract = (overrides: Partial<ContractView> = {}): ContractView => ({
  id: 1,
  conversationId: 5,
  carId: 105,
  version: 1,
  car: draft.car,
  seller: draft.seller,
  buyer: draft.buyer,
  terms: {
    price: 85_000,
    milage: 18_500,
    handoverDate: swedishDay(),
    handoverPlace: 'Uppsala',
    payment: 'bank',
    knownDefects: '',
    noKnownDefects: true,
    serviceHistory: '',
    keys: 2,
  },
  iAmSeller: true,
  signatures: { seller: null, buyer: null },
  signed: false,
  signedAt: null,
  text: 'KÖPEKONTRAKT\nRegistreringsnummer: ABC 123\nPris: 85 000 kr',
  sha256: null,
  notice: null,
  checklist: null,
  ...overrides,
});

describe('ContractSection', () => {
  it('lets the seller create a contract prefilled from the ad, checked by the shared rule first', async () => {
    storeSession('tok');
    const api = mockApi({
      [`GET ${BASE}`]: jsonResponse({ contract: null, draft }),
      [`PUT ${BASE}`]: () => jsonResponse(contract()),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Skapa köpekontrakt' }));
    expect(screen.getByLabelText('Pris (kr)')).toHaveValue('85000');
    expect(screen.getByText('ABC 123')).toBeInTheDocument();
    expect(screen.getByText('Kalle Köpare')).toBeInTheDocument();
    expect(screen.getByText('Bilen säljs i befintligt skick.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Pris (kr)'));
    await userEvent.type(screen.getByLabelText('Pris (kr)'), '0');
    await userEvent.click(screen.getByRole('radio', { name: 'Kontant' }));
    await userEvent.click(screen.getByRole('button', { name: 'Skapa köpekontrakt' }));
    expect(screen.getByText(CONTRACT_MESSAGES.price)).toBeInTheDocument();
    expect(callsTo(api, `PUT ${BASE}`)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Pris (kr)'));
    await userEvent.type(screen.getByLabelText('Pris (kr)'), '85 000');
    // Cash for a large sum: warned, not refused.
    expect(screen.getByText(CASH_WARNING)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Swish' }));
    await userEvent.type(screen.getByLabelText('Datum för tillträde'), swedishDay());
    await userEvent.type(screen.getByLabelText('Plats för tillträde'), 'Uppsala');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Inga kända fel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Skapa köpekontrakt' }));
    await waitFor(() => expect(callsTo(api, `PUT ${BASE}`)).toHaveLength(1));
    const sent = JSON.parse(String(callsTo(api, `PUT ${BASE}`)[0]![1]?.body)) as { terms: Record<string, unknown> };
    expect(sent.terms).toMatchObject({
      price: '85 000',
      payment: 'swish',
      noKnownDefects: true,
      handoverPlace: 'Uppsala',
    });
    expect(await screen.findByRole('article', { name: 'Kontraktets text' })).toHaveTextContent('Pris: 85 000 kr');
  });

  it('signs the version shown, and after both signed offers print, PDF and the checklist', async () => {
    storeSession('tok');
    const signed = contract({
      signatures: { seller: '2026-12-05T10:00:00Z', buyer: '2026-12-05T10:05:00Z' },
      signed: true,
      sha256: 'a'.repeat(64),
      checklist: {
        items: [
          { key: 'reported', label: 'Jag har anmält ägarbytet till Transportstyrelsen', party: 'seller', done: false },
          { key: 'insured', label: 'Jag har försäkrat bilen', party: 'buyer', done: false },
        ],
        deadline: '2026-12-12',
        reminder: null,
      },
    });
    const api = mockApi({
      [`GET ${BASE}`]: jsonResponse({ contract: contract({ version: 3 }), draft: null }),
      [`POST ${BASE}/signature`]: () => jsonResponse(signed),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Signera' }));
    await waitFor(() => expect(callsTo(api, `POST ${BASE}/signature`)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(api, `POST ${BASE}/signature`)[0]![1]?.body))).toEqual({ version: 3 });
    expect(await screen.findByRole('button', { name: 'Ladda ner PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skriv ut' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ägarbyte' })).toBeInTheDocument();
    // The seller ticks the seller's items only.
    expect(
      screen.getByRole('checkbox', { name: 'Jag har anmält ägarbytet till Transportstyrelsen' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Jag har försäkrat bilen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ändra kontraktet' })).toBeNull();
  });
});
