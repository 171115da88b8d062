import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { storeSession } from '../../lib/session-store.ts';
import { CURRENT_USER, jsonResponse, mockApi, renderAt, tokenExpiringIn } from '../../test/test-utils.tsx';
import FeedbackRoute from './feedback.tsx';

const USER = { ...CURRENT_USER, email: 'anna@example.se' };

describe('feedback for a logged-in user', () => {
  it("fills in the user's name and email, keeps what the user types and keeps them after sending", async () => {
    storeSession(tokenExpiringIn(3600), { username: 'anna', firstname: 'Anna', lastname: 'Svensson' });
    mockApi({
      'GET /api/identity/user': jsonResponse(USER, 200),
      'POST /api/inventory/feedback': jsonResponse({ id: 7 }, 201),
    });
    renderAt('/feedback', <FeedbackRoute />, '/feedback');
    await waitFor(() => expect(screen.getByLabelText('Namn')).toHaveValue('Anna Svensson'));
    expect(screen.getByLabelText('E-post')).toHaveValue('anna@example.se');
    fireEvent.change(screen.getByLabelText('Rubrik'), { target: { value: 'Bra sida' } });
    fireEvent.change(screen.getByLabelText('Meddelande'), { target: { value: 'Jag hittade min bil här.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skicka' }));
    expect(await screen.findByText('Tack för din feedback!')).toBeInTheDocument();
    expect(screen.getByLabelText('Rubrik')).toHaveValue('');
    expect(screen.getByLabelText('Namn')).toHaveValue('Anna Svensson');
    expect(screen.getByLabelText('E-post')).toHaveValue('anna@example.se');
  });

  it('leaves the fields empty for a visitor', () => {
    mockApi({});
    renderAt('/feedback', <FeedbackRoute />, '/feedback');
    expect(screen.getByLabelText('Namn')).toHaveValue('');
    expect(screen.getByLabelText('E-post')).toHaveValue('');
  });
});
