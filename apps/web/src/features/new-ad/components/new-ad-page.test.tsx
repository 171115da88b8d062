import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AD_PUBLISHED, NewAdPage } from './new-ad-page.tsx';
import {
  jsonResponse,
  mockFetch,
  renderRoutes,
  requestedUrls,
  toastText,
  withToasts,
  labelled,
} from '../../../test/test-utils.tsx';
import { storeSession } from '../../../lib/session-store.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { uploadAd } from '../api/upload-ad.ts';

vi.mock('../api/upload-ad.ts', () => ({ uploadAd: vi.fn() }));
const upload = vi.mocked(uploadAd);

beforeEach(() => {
  URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
  URL.revokeObjectURL = vi.fn();
  mockFetch((url) => {
    if (url.pathname.endsWith('/002/2001')) return jsonResponse([{ id: 1, name: 'Volvo' }]);
    if (url.pathname.endsWith('/002/2002')) return jsonResponse([{ id: 1, name: 'V70' }]);
    return jsonResponse([]);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  upload.mockReset();
});

const routes = [
  { path: '/new/car', element: <NewAdPage /> },
  { path: '/signup', element: <h1>Skapa konto</h1> },
  { path: '/', element: <h1>Hem</h1> },
];

async function renderForm() {
  storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
  const utils = renderRoutes(routes, '/new/car');
  // The first render of the file loads the form's modules: slow on a busy machine.
  await screen.findByRole('option', { name: 'Volvo' }, { timeout: 5000 });
  return utils;
}

const VALID: Record<string, string> = {
  Registreringsnummer: 'abc 123',
  Rubrik: 'Volvo V70 D5',
  Beskrivning: 'Fin bil',
  'Pris (kr)': '100000',
  Märke: 'Volvo',
  Årsmodell: '2015',
  'Miltal (mil)': '12000',
  'Hästkrafter (hk)': '150',
  Färg: 'röd',
  Typ: 'kombi',
  Växellåda: 'manuell',
  Drivlina: 'awd',
  Bränsle: 'diesel',
};

async function fillValid(except: string[] = []) {
  for (const [label, value] of Object.entries(VALID))
    if (!except.includes(label)) fireEvent.change(labelled(label), { target: { value } });
  if (!except.includes('Modell') && !except.includes('Märke')) {
    await screen.findByRole('option', { name: 'V70' });
    fireEvent.change(labelled('Modell'), { target: { value: 'V70' } });
  }
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Publicera annons' }));
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

async function messageFor(label: string, value: string) {
  fireEvent.change(labelled(label), { target: { value } });
  submit();
  return alertText();
}

describe('NewAdPage', () => {
  it('redirects to /signup when logged out', async () => {
    renderRoutes(routes, '/new/car');
    expect(await screen.findByRole('heading', { name: 'Skapa konto' })).toBeInTheDocument();
  });

  it("shows 'Ny bilannons' with a label on every field and the model enabled only after a make", async () => {
    await renderForm();
    expect(screen.getByRole('heading', { name: 'Ny bilannons' })).toBeInTheDocument();
    for (const label of [...Object.keys(VALID), 'Modell']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Modell')).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Märke'), { target: { value: 'Volvo' } });
    expect(screen.getByLabelText('Modell')).toBeEnabled();
  });

  const boundaryCases: [string, string, string | null][] = [
    ['Rubrik', 'abc', 'Din rubrik är för kort'],
    ['Rubrik', 'abcd', null],
    ['Rubrik', 'a'.repeat(60), null],
    ['Rubrik', 'a'.repeat(61), 'Din rubrik är för lång'],
    ['Rubrik', 'Volvo V70', null],
    ['Beskrivning', 'abc', 'Din beskrivning är för kort'],
    ['Beskrivning', 'abcd', null],
    ['Beskrivning', 'a'.repeat(2500), null],
    ['Beskrivning', 'a'.repeat(2501), 'Din beskrivning är för lång'],
    ['Beskrivning', 'Fin bil', null],
    ['Pris (kr)', '-1', 'Ange ett giltigt pris'],
    ['Pris (kr)', '0', null],
    ['Pris (kr)', '50000000', null],
    ['Pris (kr)', '50000001', 'Ange ett giltigt pris'],
    ['Pris (kr)', '100000', null],
    ['Årsmodell', '1884', 'Ange ett giltigt årtal'],
    ['Årsmodell', '1885', null],
    ['Årsmodell', '2026', null],
    ['Årsmodell', '2027', 'Ange ett giltigt årtal'],
    ['Årsmodell', '2015', null],
    ['Miltal (mil)', '-1', 'Ange ett giltigt miltal'],
    ['Miltal (mil)', '0', null],
    ['Miltal (mil)', '100000', null],
    ['Miltal (mil)', '100001', 'Ange ett giltigt miltal'],
    ['Miltal (mil)', '12000', null],
    ['Hästkrafter (hk)', '-1', 'Ange ett giltigt hästkraftsantal'],
    ['Hästkrafter (hk)', '0', null],
    ['Hästkrafter (hk)', '3000', null],
    ['Hästkrafter (hk)', '3001', 'Ange ett giltigt hästkraftsantal'],
    ['Hästkrafter (hk)', '150', null],
  ];
  // One test per field: each renders the whole form once, so none runs long on a busy machine.
  it.each([...new Set(boundaryCases.map(([label]) => label))])(
    'shows the rule messages of %s at its boundaries',
    async (field) => {
      await renderForm();
      await fillValid();
      // A valid form is sent; keep it pending so the form stays.
      upload.mockImplementation(() => new Promise(() => {}));
      for (const [label, value, expected] of boundaryCases.filter(([l]) => l === field)) {
        if (expected === null) continue;
        expect([label, value, await messageFor(label, value)]).toEqual([label, value, expected]);
      }
      for (const [label, value, expected] of boundaryCases.filter(([l]) => l === field)) {
        if (expected !== null) continue;
        fireEvent.change(labelled(label), { target: { value } });
      }
      expect(upload).not.toHaveBeenCalled();
    },
  );

  it('refuses control and bidi characters in the title and description on the form, sending nothing', async () => {
    await renderForm();
    await fillValid();
    const cases: [string, string, string][] = [
      [
        'Rubrik',
        'Volvo V70 \u202E09',
        'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
      ],
      [
        'Rubrik',
        'Volvo\tV70',
        'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
      ],
      ['Beskrivning', 'Fin bil \u2066x\u2069', 'Din beskrivning innehåller otillåtna osynliga styrtecken'],
    ];
    for (const [label, value, message] of cases) {
      expect(await messageFor(label, value)).toBe(message);
      const field = labelled(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveFocus();
      expect(field).toHaveAccessibleDescription(message);
      fireEvent.change(field, { target: { value: VALID[label]! } });
    }
    expect(upload).not.toHaveBeenCalled();
    // Line breaks and tabs are the description's own.
    upload.mockImplementation(() => new Promise(() => {}));
    fireEvent.change(labelled('Beskrivning'), { target: { value: 'Fin bil.\n\tNya däck.' } });
    submit();
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
  });

  it('accepts each boundary value (the form is sent)', async () => {
    await renderForm();
    await fillValid();
    upload.mockRejectedValue(new ApiRequestError(500, 'Serverfel'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const ok: [string, string][] = [
      ['Rubrik', 'abcd'],
      ['Rubrik', 'a'.repeat(60)],
      ['Pris (kr)', '0'],
      ['Pris (kr)', '50000000'],
      ['Årsmodell', '1885'],
      ['Årsmodell', '2026'],
      ['Miltal (mil)', '100000'],
      ['Hästkrafter (hk)', '3000'],
    ];
    for (const [i, [label, value]] of ok.entries()) {
      fireEvent.change(labelled(label), { target: { value } });
      submit();
      await waitFor(() => expect(upload).toHaveBeenCalledTimes(i + 1));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Publicera annons' })).toBeEnabled());
    }
  });

  it.each([
    ['Bränsle', 'Ange bränsle'],
    ['Drivlina', 'Ange drivlina'],
    ['Växellåda', 'Ange växellåda'],
    ['Typ', 'Ange en biltyp'],
    ['Färg', 'Ange en färg'],
  ])('shows the message of an empty select: %s', async (label, message) => {
    await renderForm();
    await fillValid();
    expect(await messageFor(label, '')).toBe(message);
  });

  it('asks for the model when the model or the make is emptied', async () => {
    await renderForm();
    await fillValid();
    fireEvent.change(labelled('Modell'), { target: { value: '' } });
    submit();
    expect(alertText()).toBe('Ange en modell');
    fireEvent.change(labelled('Märke'), { target: { value: '' } });
    submit();
    expect(alertText()).toBe('Ange en modell');
  });

  it('shows only the last failing rule', async () => {
    await renderForm();
    submit();
    expect(alertText()).toBe('Ange bränsle');
    await fillValid(['Rubrik', 'Årsmodell']);
    submit();
    expect(alertText()).toBe('Ange ett giltigt årtal');
    fireEvent.change(labelled('Årsmodell'), { target: { value: '2000' } });
    submit();
    expect(alertText()).toBe('Din rubrik är för kort');
    expect(labelled('Rubrik')).toHaveFocus();
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows 'Max 10 MB' for an 11 MB file and blocks submitting until it is removed", async () => {
    await renderForm();
    await fillValid();
    const big = new File(['x'], 'stor.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await userEvent.upload(screen.getByLabelText(/Välj bilder/), big);
    expect(alertText()).toBe('Max 10 MB');
    submit();
    expect(alertText()).toBe('Max 10 MB');
    expect(upload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort bild 1' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:stor.jpg');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks a file whose preview cannot be decoded at once and blocks submitting; a HEIC preview is no reason', async () => {
    await renderForm();
    await fillValid();
    const files = [
      new File(['text'], 'fake.jpg', { type: 'image/jpeg' }),
      new File(['x'], 'iphone.heic', { type: 'image/heic' }),
    ];
    await userEvent.upload(screen.getByLabelText(/Välj bilder/), files);
    const list = within(screen.getByRole('list', { name: 'Valda bilder' }));
    fireEvent.error(list.getByRole('img', { name: 'Bild 2: iphone.heic' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.error(list.getByRole('img', { name: 'Bild 1: fake.jpg' }));
    expect(alertText()).toBe('Filen är ingen bild som kan läsas (JPEG, PNG, WebP eller HEIC)');
    expect(list.getByText(/ingen bild som kan läsas/)).toBeInTheDocument();
    submit();
    expect(upload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort bild 1' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the 15 fields, the equipment and the photos in the chosen order, busy meanwhile, then goes to /', async () => {
    const { router } = await renderForm();
    await fillValid();
    // Checked in any order, sent one field per item in the list's order.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Apple CarPlay' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Dragkrok' }));
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((n) => new File(['x'], n, { type: 'image/jpeg' }));
    await userEvent.upload(screen.getByLabelText(/Välj bilder/), files);
    const list = screen.getByRole('list', { name: 'Valda bilder' });
    expect(within(list).getAllByRole('img')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Flytta bild 3 upp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Flytta bild 1 ned' }));

    let finish: () => void = () => {};
    upload.mockImplementation(({ onProgress }) => {
      onProgress?.(0.4);
      return new Promise((resolve) => (finish = () => resolve({ id: 9 })));
    });
    submit();
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Publicera annons' })).toBeDisabled();
    expect(await screen.findByLabelText('Uppladdning')).toHaveAttribute('value', '40');
    const init = upload.mock.calls[0]![0];
    expect(init.method).toBe('POST');
    expect(init.url).toBe('/api/inventory/001/1001');
    const body = init.body;
    expect(body.getAll('equipment')).toEqual(['dragkrok', 'apple-carplay']);
    const text = [...body.entries()].filter(([k]) => !k.startsWith('images') && k !== 'equipment');
    expect(Object.fromEntries(text)).toEqual({
      registrationNumber: 'ABC123',
      title: 'Volvo V70 D5',
      description: 'Fin bil',
      price: '100000',
      make: 'Volvo',
      model: 'V70',
      year: '2015',
      milage: '12000',
      hp: '150',
      color: 'röd',
      type: 'kombi',
      transmission: 'manuell',
      drivetrain: 'awd',
      fuel: 'diesel',
      kommun: '',
    });
    expect([0, 1, 2].map((i) => (body.get(`images[${i}]`) as File).name)).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("starts with the place of the seller's registered city and sends the kommun chosen instead", async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    renderRoutes([{ path: '/new/car', element: <NewAdPage homeCity="göteborg" /> }], '/new/car');
    await screen.findByRole('option', { name: 'Volvo' });
    const place = screen.getByRole('combobox', { name: 'Plats (kommun)' });
    expect(place).toHaveValue('Göteborg');
    await fillValid();
    await userEvent.clear(place);
    await userEvent.type(place, 'Kiru');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(place).toHaveValue('Kiruna');
    upload.mockResolvedValue({ id: 9 });
    submit();
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(upload.mock.calls[0]![0].body.get('kommun')).toBe('2584');
  });

  it("leaves the place empty when the registered city is no kommun's name", async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    renderRoutes([{ path: '/new/car', element: <NewAdPage homeCity="Gotham" /> }], '/new/car');
    await screen.findByRole('option', { name: 'Volvo' });
    expect(screen.getByRole('combobox', { name: 'Plats (kommun)' })).toHaveValue('');
  });

  it("shows a failed field's message right below it, tied to the select by aria-describedby", async () => {
    await renderForm();
    await fillValid(['Bränsle']);
    submit();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Ange bränsle');
    const fuel = labelled('Bränsle');
    expect(fuel).toHaveFocus();
    expect(fuel).toHaveAttribute('aria-invalid', 'true');
    expect(fuel).toHaveAttribute('aria-describedby', alert.id);
    // Beside the focused field, so in view with it (not at the top of a long form).
    expect(fuel.closest('.field')!.nextElementSibling).toBe(alert);
    fireEvent.change(fuel, { target: { value: 'bensin' } });
    expect(fuel).not.toHaveAttribute('aria-invalid');
    expect(fuel).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's 400 message on its field, cleared as soon as the field changes; a photo notice marks no field", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderForm();
    await fillValid();
    upload.mockRejectedValue(new ApiRequestError(400, 'Ange ett giltigt pris', 'price'));
    submit();
    const price = labelled('Pris (kr)');
    await waitFor(() => expect(alertText()).toBe('Ange ett giltigt pris'));
    expect(screen.getByRole('button', { name: 'Publicera annons' })).toBeEnabled();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAttribute('aria-describedby', screen.getByRole('alert').id);
    const big = new File(['x'], 'stor.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await userEvent.upload(screen.getByLabelText(/Välj bilder/), big);
    expect(alertText()).toBe('Max 10 MB');
    expect(price).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort bild 1' }));
    // The refused value is still there: marked again until the field changes.
    expect(price).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(price, { target: { value: '95000' } });
    expect(price).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("confirms 'Din annons är publicerad' on the home page without taking the keyboard", async () => {
    storeSession('tok', { username: 'anna', firstname: 'Anna', lastname: 'A' });
    const { router } = renderRoutes(withToasts(routes), '/new/car');
    await screen.findByRole('option', { name: 'Volvo' }, { timeout: 5000 });
    await fillValid();
    upload.mockResolvedValue({ id: 9 });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const region = document.querySelector('.toast-region')!;
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(toastText()).toBe(AD_PUBLISHED);
    expect(region.contains(document.activeElement)).toBe(false);
  });

  describe('registreringsnummer', () => {
    const FACTS = {
      registrationNumber: 'FYN123',
      make: 'Volvo',
      model: 'V70',
      year: 2016,
      hp: 181,
      fuel: 'diesel',
      transmission: 'automat',
      type: 'kombi',
      color: 'vit',
      inTraffic: true,
      stolen: false,
      inspectedUntil: '2027-05-31',
      lastInspection: { date: '2026-05-03', milage: 12_300 },
      owners: 2,
      firstRegistered: '2016-03-14',
      equipment: ['motorvarmare', 'dragkrok', 'okänd-i-formuläret'],
    };
    const register = () =>
      mockFetch((url) => {
        if (url.pathname.endsWith('/002/2001')) return jsonResponse([{ id: 1, name: 'Volvo' }]);
        if (url.pathname.endsWith('/002/2002')) return jsonResponse([{ id: 1, name: 'V70' }]);
        if (url.pathname.endsWith('/vehicle-register/FYN123')) return jsonResponse(FACTS);
        if (url.pathname.includes('/vehicle-register/'))
          return jsonResponse({ message: 'Vi hittade inga uppgifter om ABC 123. Fyll i dem själv.' }, 404);
        return jsonResponse([]);
      });
    const fetchFacts = () => fireEvent.click(screen.getByRole('button', { name: 'Hämta fordonsuppgifter' }));
    const value = (label: string) => (labelled(label) as HTMLInputElement).value;

    it("'Hämta fordonsuppgifter' fills märke, modell, årsmodell, hk, drivmedel, växellåda, kaross and färg", async () => {
      const calls = register();
      await renderForm();
      fireEvent.change(labelled('Registreringsnummer'), { target: { value: 'fyn 123' } });
      fetchFacts();
      expect(await screen.findByText(/Uppgifterna från fordonsregistret är ifyllda/)).toHaveAttribute('role', 'status');
      expect(requestedUrls(calls).some((u) => u.endsWith('/api/inventory/vehicle-register/FYN123'))).toBe(true);
      await waitFor(() => expect(value('Modell')).toBe('V70'));
      expect({
        make: value('Märke'),
        year: value('Årsmodell'),
        hp: value('Hästkrafter (hk)'),
        fuel: value('Bränsle'),
        transmission: value('Växellåda'),
        type: value('Typ'),
        color: value('Färg'),
      }).toEqual({
        make: 'Volvo',
        year: '2016',
        hp: '181',
        fuel: 'diesel',
        transmission: 'automat',
        type: 'kombi',
        color: 'vit',
      });
      // The equipment the register knows is checked, besides what the seller had checked; unknown codes are not.
      const box = (name: string) => screen.getByRole('checkbox', { name });
      expect([box('Motorvärmare'), box('Dragkrok')].map((b) => (b as HTMLInputElement).checked)).toEqual([true, true]);
      expect(screen.getAllByRole('checkbox').filter((b) => (b as HTMLInputElement).checked)).toHaveLength(2);
      // The seller corrects what the register says, and the corrected form is what is sent.
      fireEvent.change(labelled('Färg'), { target: { value: 'grå' } });
      for (const label of ['Rubrik', 'Beskrivning', 'Pris (kr)', 'Miltal (mil)', 'Drivlina'])
        fireEvent.change(labelled(label), { target: { value: VALID[label] } });
      upload.mockImplementation(() => new Promise(() => {}));
      submit();
      await waitFor(() => expect(upload).toHaveBeenCalled());
      const body = upload.mock.calls[0]![0].body;
      expect([body.get('registrationNumber'), body.get('color'), body.get('model')]).toEqual(['FYN123', 'grå', 'V70']);
    });

    it('an unknown number says so and leaves the form to the seller, who can publish', async () => {
      register();
      await renderForm();
      await fillValid();
      fetchFacts();
      expect(await screen.findByText('Vi hittade inga uppgifter om ABC 123. Fyll i dem själv.')).toHaveAttribute(
        'role',
        'status',
      );
      expect(value('Årsmodell')).toBe('2015');
      upload.mockImplementation(() => new Promise(() => {}));
      submit();
      await waitFor(() => expect(upload).toHaveBeenCalled());
    });

    it('checks the format with the shared rule before asking, and on submit marks the field', async () => {
      const calls = register();
      await renderForm();
      fireEvent.change(labelled('Registreringsnummer'), { target: { value: 'ÅBC 12' } });
      fetchFacts();
      expect(screen.getByText('Ange registreringsnumret som ABC 123 eller ABC 12A')).toBeInTheDocument();
      expect(requestedUrls(calls).some((u) => u.includes('vehicle-register'))).toBe(false);
      await fillValid(['Registreringsnummer']);
      submit();
      expect(alertText()).toBe('Ange registreringsnumret som ABC 123 eller ABC 12A');
      const field = labelled('Registreringsnummer');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveFocus();
      expect(upload).not.toHaveBeenCalled();
    });

    it("shows the server's 409 for a number another ad has on the field, tied to it", async () => {
      await renderForm();
      await fillValid();
      upload.mockRejectedValue(new ApiRequestError(409, 'Det finns redan en annons för ABC 123', 'registrationNumber'));
      submit();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Det finns redan en annons för ABC 123');
      const field = labelled('Registreringsnummer');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    });
  });
});
