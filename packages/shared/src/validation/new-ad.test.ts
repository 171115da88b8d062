import { describe, expect, it } from 'vitest';
import { lastFailure, failingRules } from './rules.ts';
import { newAdRules, normalizeNewAd, toValidAd, type NewAdInput } from './new-ad.ts';

const valid: NewAdInput = {
  title: 'Volvo V70 2.4',
  description: 'Välskött bil med nya däck.',
  price: '85000',
  make: 'Volvo',
  model: 'V70',
  year: '2008',
  milage: '21000',
  hp: '170',
  color: 'grå',
  type: 'kombi',
  transmission: 'automat',
  drivetrain: 'fwd',
  fuel: 'bensin',
  kommun: '',
  equipment: [],
};
const ad = (over: Partial<NewAdInput>) => ({ ...valid, ...over });
const messageFor = (over: Partial<NewAdInput>) => lastFailure(newAdRules, ad(over))?.message ?? null;

describe('new-ad rules', () => {
  it('accepts a complete ad', () => {
    expect(lastFailure(newAdRules, valid)).toBeNull();
  });

  it.each([
    ['title', 'a'.repeat(3), 'Din rubrik är för kort'],
    ['title', 'a'.repeat(4), null],
    ['title', 'a'.repeat(60), null],
    ['title', 'a'.repeat(61), 'Din rubrik är för lång'],
    // Control and bidi characters: a title may not show as something else (U+202E reverses what follows).
    [
      'title',
      'Volvo \u202E09 V70',
      'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
    ],
    [
      'title',
      'Volvo\u2066 V70\u2069',
      'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
    ],
    [
      'title',
      'Volvo\u200F V70',
      'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
    ],
    ['title', 'Volvo\tV70', 'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)'],
    ['title', 'Volvo\nV70', 'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)'],
    [
      'title',
      'Volvo\u001BV70',
      'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
    ],
    [
      'title',
      '\u202E' + 'a'.repeat(60),
      'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
    ],
    ['title', 'Škoda Octavia – ägd av en', null],
    ['description', 'Bra bil.\r\nNya däck.\n\tServad.', null],
    ['description', 'Bra bil \u202Eloc', 'Din beskrivning innehåller otillåtna osynliga styrtecken'],
    ['description', 'Bra bil\u0007', 'Din beskrivning innehåller otillåtna osynliga styrtecken'],
    ['description', 'abc', 'Din beskrivning är för kort'],
    ['description', 'abcd', null],
    ['description', 'x'.repeat(2500), null],
    ['description', 'x'.repeat(2501), 'Din beskrivning är för lång'],
    ['price', '-1', 'Ange ett giltigt pris'],
    ['price', '0', null],
    ['price', '50000000', null],
    ['price', '50000001', 'Ange ett giltigt pris'],
    ['price', '12.5', 'Ange ett giltigt pris'],
    ['price', 'abc', 'Ange ett giltigt pris'],
    // Thousands grouped as Swedes write them, with a space or a (narrow) no-break space; nothing else.
    ['price', '125 000', null],
    ['price', '1\u00a0250\u202f000', null],
    ['price', '50 000 001', 'Ange ett giltigt pris'],
    ['price', '12 34', 'Ange ett giltigt pris'],
    ['price', '125  000', 'Ange ett giltigt pris'],
    ['price', '125,000', 'Ange ett giltigt pris'],
    ['milage', '21 000', null],
    ['make', '', 'Ange ett märke'],
    ['model', '', 'Ange en modell'],
    ['year', '1884', 'Ange ett giltigt årtal'],
    ['year', '1885', null],
    ['year', '2026', null],
    ['year', '2027', 'Ange ett giltigt årtal'],
    ['milage', '-1', 'Ange ett giltigt miltal'],
    ['milage', '100000', null],
    ['milage', '100001', 'Ange ett giltigt miltal'],
    ['hp', '-1', 'Ange ett giltigt hästkraftsantal'],
    ['hp', '3000', null],
    ['hp', '3001', 'Ange ett giltigt hästkraftsantal'],
    ['color', '', 'Ange en färg'],
    ['color', 'lila', 'Ange en färg'],
    ['type', '', 'Ange en biltyp'],
    ['type', 'Pickup', null],
    ['type', 'småbil', null],
    ['transmission', '', 'Ange växellåda'],
    ['drivetrain', '', 'Ange drivlina'],
    ['fuel', '', 'Ange bränsle'],
    ['fuel', 'El / hybrid', null],
    ['kommun', '', null],
    ['kommun', '1480', null],
    ['kommun', '9999', 'Välj en kommun i listan'],
    ['kommun', 'Göteborg', 'Välj en kommun i listan'],
  ] as const)('%s = %j → %s', (field, value, expected) => {
    expect(messageFor({ [field]: value })).toBe(expected);
  });

  it('shows the last failing rule when several fail', () => {
    const input = ad({ title: 'ab', price: '-5', fuel: '' });
    expect(failingRules(newAdRules, input).map((f) => f.field)).toEqual(['title', 'price', 'fuel']);
    expect(lastFailure(newAdRules, input)).toEqual({ field: 'fuel', message: 'Ange bränsle' });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(messageFor({ title: '🚗🚗🚗🚗' })).toBeNull();
    expect(messageFor({ title: 'åäö' })).toBe('Din rubrik är för kort');
  });

  it('normalises untrusted input and drops unknown fields', () => {
    const n = normalizeNewAd({ ...valid, price: 1000, title: '  Saab 900  ', id: 7, user: 'x' });
    expect(n.title).toBe('Saab 900');
    expect(n.price).toBe('1000');
    expect(n).not.toHaveProperty('id');
    expect(n).not.toHaveProperty('user');
  });

  it('converts a valid ad to stored values', () => {
    const v = toValidAd(ad({ type: 'SUV', fuel: 'El / hybrid', price: '1000' }));
    expect(v).toMatchObject({ type: 'suv', fuel: 'el / hybrid', price: 1000, year: 2008, kommun: null });
    expect(toValidAd(ad({ kommun: '2584' })).kommun).toBe('2584');
  });

  it('stores a price and mileage written in groups of thousands as the number', () => {
    expect(toValidAd(ad({ price: '125 000', milage: '21\u00a0000' }))).toMatchObject({ price: 125000, milage: 21000 });
  });
});
