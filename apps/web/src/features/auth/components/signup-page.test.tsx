import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@bilmarknaden/shared/constants';
import { REGISTRATION_MESSAGES, type RegistrationInput } from '@bilmarknaden/shared/validation/registration';
import {
  callsTo,
  CURRENT_USER,
  jsonResponse,
  mockApi,
  renderPage,
  renderRoutes,
  textResponse,
  toastText,
  withToasts,
} from '../../../test/test-utils.tsx';
import { storeSession } from '../../../lib/session-store.ts';
import { ACCOUNT_CREATED, SignupPage } from './signup-page.tsx';

const LABELS: Record<keyof RegistrationInput, string> = {
  username: 'Användarnamn',
  firstname: 'Förnamn',
  lastname: 'Efternamn',
  email: 'E-post',
  password: 'Lösenord',
  passwordRepeat: 'Upprepa lösenord',
  street: 'Gata',
  housenumber: 'Husnummer',
  zipcode: 'Postnummer',
  city: 'Stad',
  countryCode: 'Landskod',
  phone: 'Telefonnummer',
};

const VALID: RegistrationInput = {
  username: 'anna_s',
  firstname: 'Anna',
  lastname: 'Svensson',
  email: 'anna@example.se',
  password: 'hemligt123',
  passwordRepeat: 'hemligt123',
  street: 'Storgatan',
  housenumber: '12',
  zipcode: '11122',
  city: 'Stockholm',
  countryCode: '46',
  phone: '0701234567',
};

const x = (n: number) => 'x'.repeat(n);
const REGISTER = 'POST /api/identity/user';

function renderSignup() {
  return renderPage(<SignupPage />, '/signup');
}

function fill(values: Partial<RegistrationInput>) {
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(LABELS[field as keyof RegistrationInput], { exact: true }), {
      target: { value },
    });
  }
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Skapa konto' }));

afterEach(() => {
  vi.restoreAllMocks();
});

const hidden = (subject: string) =>
  `${subject} innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)`;

describe('signup: the message of each rule at its boundaries', () => {
  // [case, overrides, expected message or null when valid]
  const cases: [string, Partial<RegistrationInput>, string | null][] = [
    ['username 3', { username: 'abc' }, 'För kort användarnamn'],
    ['username 4', { username: 'abcd' }, null],
    ['username 30', { username: x(30) }, null],
    ['username 31', { username: x(31) }, 'För långt användarnamn'],
    ['firstname 1', { firstname: 'A' }, 'Ange ett giltigt förnamn'],
    ['firstname 2', { firstname: 'Al' }, null],
    ['firstname 30', { firstname: x(30) }, null],
    ['firstname 31', { firstname: x(31) }, 'Ange ett giltigt förnamn'],
    ['lastname 1', { lastname: 'S' }, 'Ange ett giltigt efternamn'],
    ['lastname 2', { lastname: 'Sv' }, null],
    ['lastname 40', { lastname: x(40) }, null],
    ['lastname 41', { lastname: x(41) }, 'Ange ett giltigt efternamn'],
    ['email 3', { email: 'a@b' }, 'Ange en giltig mailadress'],
    ['email without @', { email: 'anna.example.se' }, 'Ange en giltig mailadress'],
    ['email without .', { email: 'anna@example' }, 'Ange en giltig mailadress'],
    ['email 50', { email: `${x(41)}@mail.com` }, null],
    ['email 51', { email: `${x(42)}@mail.com` }, 'Ange en giltig mailadress'],
    ["email '@.se'", { email: '@.se' }, 'Ange en giltig mailadress'],
    ["email 'anna@se.'", { email: 'anna@se.' }, 'Ange en giltig mailadress'],
    ['email with two @', { email: 'anna@@example.se' }, 'Ange en giltig mailadress'],
    ['email with a space', { email: 'anna s@example.se' }, 'Ange en giltig mailadress'],
    ['email with a plus and a two-part domain', { email: 'anna.svensson+bil@example.co.uk' }, null],
    ['password 7', { password: x(7), passwordRepeat: x(7) }, 'För kort lösenord'],
    ['password 8', { password: x(8), passwordRepeat: x(8) }, null],
    ['password 50', { password: x(50), passwordRepeat: x(50) }, null],
    ['password 51', { password: x(51), passwordRepeat: x(51) }, 'För långt lösenord'],
    ['passwords differ', { passwordRepeat: 'hemligt124' }, 'Lösenorden matchar inte'],
    ['street 1', { street: 'S' }, 'Ange ett giltigt gatunamn'],
    ['street 2', { street: 'St' }, null],
    ['street 50', { street: x(50) }, null],
    ['street 51', { street: x(51) }, 'Ange ett giltigt gatunamn'],
    ['city 1', { city: 'S' }, 'Ange en giltig stad'],
    ['city 50', { city: x(50) }, null],
    ['city 51', { city: x(51) }, 'Ange en giltig stad'],
    ['housenumber empty', { housenumber: '' }, 'Ange ett giltigt husnummer'],
    ['housenumber 1', { housenumber: '1' }, null],
    ['housenumber 6', { housenumber: '12 B-4' }, null],
    ['housenumber 7', { housenumber: '1234567' }, 'Ange ett giltigt husnummer'],
    ['zipcode 4', { zipcode: '1234' }, 'Ange ett giltigt postnummer'],
    ['zipcode 5', { zipcode: '12345' }, null],
    ['zipcode 5 with leading zero and space', { zipcode: '012 34' }, null],
    ['zipcode 6', { zipcode: '123456' }, 'Ange ett giltigt postnummer'],
    ['zipcode with a letter', { zipcode: '1234a' }, 'Ange ett giltigt postnummer'],
    ['countryCode empty', { countryCode: '' }, 'Ange en giltig landskod'],
    ['countryCode 1', { countryCode: '1' }, null],
    ['countryCode 4', { countryCode: '1234' }, null],
    ['countryCode 5', { countryCode: '12345' }, 'Ange en giltig landskod'],
    ['phone 7', { phone: '0701234' }, 'Ange ett giltigt telefonnummer'],
    ['phone 8', { phone: '07012345' }, null],
    ['phone 12', { phone: '070123456789' }, null],
    ['phone 13', { phone: '0701234567890' }, 'Ange ett giltigt telefonnummer'],
    // Control and bidi characters: U+202E would show a name or address as another text next to an ad.
    ['firstname with U+202E', { firstname: 'Anna\u202E' }, hidden('Förnamnet')],
    ['lastname with an isolate', { lastname: 'Svens\u2066son' }, hidden('Efternamnet')],
    ['street with a tab', { street: 'Stor\tgatan' }, hidden('Gatunamnet')],
    ['city with U+202E', { city: 'Stock\u202Eholm' }, hidden('Stadens namn')],
    ['housenumber with U+200F', { housenumber: '12\u200FB' }, hidden('Husnumret')],
    ['names in other scripts', { firstname: 'Åsa-Lena', lastname: 'עברית' }, null],
  ];

  it.each(cases)('%s', async (_name, overrides, expected) => {
    const api = mockApi({ [REGISTER]: jsonResponse({ message: 'upptagen' }, 409) });
    renderSignup();
    fill({ ...VALID, ...overrides });
    submit();
    if (expected) {
      expect(await screen.findByRole('alert')).toHaveTextContent(expected);
      expect(api).not.toHaveBeenCalled();
    } else {
      // valid: the form is sent (the mocked server then refuses, which is a different alert)
      expect(await screen.findByRole('alert')).toHaveTextContent('upptagen');
      expect(callsTo(api, REGISTER)).toHaveLength(1);
    }
  });
});

describe('signup: order, sending and navigation', () => {
  it('shows no alert before a submit attempt', () => {
    renderSignup();
    fill({ username: 'a' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the LAST failing rule: an empty form shows the phone message', async () => {
    renderSignup();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ange ett giltigt telefonnummer');
  });

  it('last failing rule wins over earlier ones', async () => {
    renderSignup();
    fill({ ...VALID, username: 'ab', email: 'nope', zipcode: '1' });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ange ett giltigt postnummer');
    // fixing the last one reveals the one before it
    fill({ zipcode: '11122' });
    expect(screen.getByRole('alert')).toHaveTextContent('Ange en giltig mailadress');
    fill({ email: 'anna@example.se' });
    expect(screen.getByRole('alert')).toHaveTextContent('För kort användarnamn');
  });

  it('a short and differing password shows the mismatch (the later rule)', async () => {
    renderSignup();
    fill({ ...VALID, password: 'abc', passwordRepeat: 'abd' });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Lösenorden matchar inte');
  });

  it('sends nothing while an error shows, then sends once the form is valid', async () => {
    const api = mockApi({ [REGISTER]: jsonResponse({ message: 'E-postadressen används redan' }, 409) });
    renderSignup();
    fill({ ...VALID, phone: '12' });
    submit();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ange ett giltigt telefonnummer');
    expect(api).not.toHaveBeenCalled();
    fill({ phone: '0701234567' });
    submit();
    await screen.findByText('E-postadressen används redan');
    expect(callsTo(api, REGISTER)).toHaveLength(1);
    const body = JSON.parse(String(callsTo(api, REGISTER)[0]![1]!.body)) as Record<string, unknown>;
    expect(body).toEqual({
      username: 'anna_s',
      firstname: 'Anna',
      lastname: 'Svensson',
      email: 'anna@example.se',
      password: 'hemligt123',
      street: 'Storgatan',
      housenumber: '12',
      zipcode: '11122',
      city: 'Stockholm',
      countryCode: '46',
      phone: '0701234567',
    });
  });

  it('on 200 stores the token, logs in and navigates to /', async () => {
    const api = mockApi({
      [REGISTER]: textResponse('new.token.here', 200),
      'GET /api/identity/user': jsonResponse(CURRENT_USER, 200),
    });
    const loggedIn = vi.fn();
    window.addEventListener('loggedin', loggedIn);
    const { router } = renderSignup();
    fill(VALID);
    submit();
    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // The page's own navigation (a new history entry), not the logged-in redirect that replaces /signup.
    expect(router.state.historyAction).toBe('PUSH');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new.token.here');
    expect(loggedIn).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userDetails)!)).toEqual({
        username: 'anna',
        firstname: 'Anna',
        lastname: 'Svensson',
      }),
    );
    expect(callsTo(api, 'GET /api/identity/user')[0]![1]!.headers).toMatchObject({
      Authorization: 'Bearer new.token.here',
    });
    window.removeEventListener('loggedin', loggedIn);
  });

  it('confirms the new account on the home page, in the polite region, leaving the keyboard alone', async () => {
    mockApi({
      [REGISTER]: textResponse('new.token.here', 200),
      'GET /api/identity/user': jsonResponse(CURRENT_USER, 200),
    });
    renderRoutes(
      withToasts([
        { path: '/signup', element: <SignupPage /> },
        { path: '/', element: <h1>Startsidan</h1> },
      ]),
      '/signup',
    );
    fill(VALID);
    submit();
    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
    expect(toastText()).toBe(ACCOUNT_CREATED);
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('does not navigate on another 2xx status', async () => {
    mockApi({ [REGISTER]: textResponse('token', 201) });
    const { router } = renderSignup();
    fill(VALID);
    submit();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows the server message of a 409', async () => {
    mockApi({ [REGISTER]: jsonResponse({ message: 'Användarnamnet är upptaget', field: 'username' }, 409) });
    const { router } = renderSignup();
    fill(VALID);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Användarnamnet är upptaget');
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('shows the server message of a 400', async () => {
    mockApi({ [REGISTER]: jsonResponse({ message: 'Ange ett giltigt telefonnummer', field: 'phone' }, 400) });
    renderSignup();
    fill(VALID);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ange ett giltigt telefonnummer');
  });

  it('shows the server message of a 429 (too many new accounts from one address), as a refusal, not a fault', async () => {
    const api = mockApi({ [REGISTER]: jsonResponse({ message: REGISTRATION_MESSAGES.tooMany }, 429) });
    const errors = vi.spyOn(console, 'error');
    const { router } = renderSignup();
    fill(VALID);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'För många nya konton från den här adressen. Försök igen om en stund.',
    );
    expect(errors).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/signup');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.getByRole('button', { name: 'Skapa konto' })).toBeEnabled();
    expect(callsTo(api, REGISTER)).toHaveLength(1);
  });

  it('a 429 without a message (e.g. from a proxy) shows the rate-limit message', async () => {
    mockApi({ [REGISTER]: textResponse('Too Many Requests', 429) });
    renderSignup();
    fill(VALID);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTRATION_MESSAGES.tooMany);
  });

  it('a network failure shows a Swedish message', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSignup();
    fill(VALID);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Kontot kunde inte skapas');
  });

  it('numeric fields are text inputs with a numeric keyboard', () => {
    renderSignup();
    for (const label of ['Postnummer', 'Landskod', 'Telefonnummer']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('type', 'text');
      expect(input).toHaveAttribute('inputmode', 'numeric');
    }
  });
});

describe('signup: a logged-in user', () => {
  it('is sent to /, replacing /signup, without seeing the form', async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'Svensson' });
    const { router } = renderSignup();
    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('button', { name: 'Skapa konto' })).not.toBeInTheDocument();
  });

  it('who logs in while on /signup (the login dialog) is sent to / too', async () => {
    const { router } = renderSignup();
    expect(screen.getByRole('heading', { name: 'Skapa konto' })).toBeInTheDocument();
    act(() => storeSession('tok', null));
    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
