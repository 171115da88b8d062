import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FeedbackBody } from '@bilmarknaden/shared/api-types';
import { storeSession } from '../../../lib/session-store.ts';
import { callsTo, jsonResponse, mockApi, renderPage, textResponse } from '../../../test/test-utils.tsx';
import { FeedbackPage } from './feedback-page.tsx';

const FEEDBACK = 'POST /api/inventory/feedback';
const LABELS: Record<keyof FeedbackBody, string> = {
  name: 'Namn',
  email: 'E-post',
  title: 'Rubrik',
  content: 'Meddelande',
};
const VALID: FeedbackBody = {
  name: 'Anna',
  email: 'anna@example.se',
  title: 'Bra sida',
  content: 'Jag hittade min nya bil här.',
};

function fill(values: Partial<FeedbackBody>) {
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(LABELS[field as keyof FeedbackBody]), { target: { value } });
  }
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Skicka' }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('feedback form', () => {
  it("is titled 'Skicka feedback' with four labelled required fields", () => {
    renderPage(<FeedbackPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Skicka feedback' })).toBeInTheDocument();
    for (const label of Object.values(LABELS)) expect(screen.getByLabelText(label)).toBeRequired();
  });

  it.each([
    ['all empty: the last rule', {}, 'Skriv ditt meddelande'],
    ['name empty', { ...VALID, name: '  ' }, 'Ange ditt namn'],
    ['email invalid', { ...VALID, email: 'anna' }, 'Ange en giltig mailadress'],
    ["email with '@' and '.' but no address", { ...VALID, email: 'a@.se' }, 'Ange en giltig mailadress'],
    ['title empty', { ...VALID, title: '' }, 'Ange en rubrik'],
    ['content empty', { ...VALID, content: '' }, 'Skriv ditt meddelande'],
    ['name and title empty: the later one', { ...VALID, name: '', title: '' }, 'Ange en rubrik'],
    [
      'a bidi control in the title',
      { ...VALID, title: 'Bra \u202Eadis' },
      'Rubriken innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
    ],
    [
      'a control character in the message',
      { ...VALID, content: 'Hej\u0007' },
      'Meddelandet innehåller otillåtna osynliga styrtecken',
    ],
  ])('%s → %s', async (_case, values, message) => {
    const api = mockApi({});
    renderPage(<FeedbackPage />);
    fill(values);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the form, confirms and clears it', async () => {
    const api = mockApi({ [FEEDBACK]: jsonResponse({ id: 7 }, 201) });
    renderPage(<FeedbackPage />);
    fill({ ...VALID, name: ' Anna ' });
    submit();
    expect(await screen.findByText('Tack för din feedback!')).toHaveAttribute('role', 'status');
    expect(JSON.parse(String(callsTo(api, FEEDBACK)[0]![1]!.body))).toEqual(VALID);
    for (const label of Object.values(LABELS)) expect(screen.getByLabelText(label)).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the bearer token when logged in', async () => {
    storeSession('the.token.x');
    const api = mockApi({ [FEEDBACK]: textResponse('', 204) });
    renderPage(<FeedbackPage />);
    fill(VALID);
    submit();
    await screen.findByText('Tack för din feedback!');
    expect(callsTo(api, FEEDBACK)[0]![1]!.headers).toMatchObject({ Authorization: 'Bearer the.token.x' });
  });

  it.each([
    [400, 'Ange en rubrik'],
    [429, 'För många meddelanden. Vänta en stund.'],
  ])("a %i shows the server's message", async (status, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ [FEEDBACK]: jsonResponse({ message, field: 'title' }, status) });
    renderPage(<FeedbackPage />);
    fill(VALID);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Namn')).toHaveValue('Anna');
  });

  it('a network error shows a Swedish message and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ id: 1 }, 201));
    renderPage(<FeedbackPage />);
    fill(VALID);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Kontrollera din anslutning');
    fireEvent.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByText('Tack för din feedback!')).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});
