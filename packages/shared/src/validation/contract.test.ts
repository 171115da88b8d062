import { describe, expect, it } from 'vitest';
import { lastFailure } from './rules.ts';
import {
  cashWarned,
  CONTRACT_MESSAGES,
  contractRules,
  contractTerms,
  normalizeContractTerms,
  swedishDay,
} from './contract.ts';
import { contractText, ownerChangeDeadline } from '../contract-text.ts';

const valid = {
  price: '125 000',
  milage: '15000',
  handoverDate: '2026-12-24',
  handoverPlace: 'Luleå',
  payment: 'swish',
  knownDefects: '',
  noKnownDefects: true,
  serviceHistory: '',
  keys: '2',
};
const check = (fields: Record<string, unknown>, today = '2026-12-05') =>
  lastFailure(contractRules, { ...normalizeContractTerms({ ...valid, ...fields }), today });

describe('the köpekontrakt rule', () => {
  it('takes a whole form, grouped thousands too', () => {
    expect(check({})).toBeNull();
    expect(contractTerms(normalizeContractTerms(valid))).toMatchObject({ price: 125_000, milage: 15_000, keys: 2 });
  });

  it.each([
    [{ price: '0' }, 'price', CONTRACT_MESSAGES.price],
    [{ price: '100 000 001' }, 'price', CONTRACT_MESSAGES.price],
    [{ price: '12,5' }, 'price', CONTRACT_MESSAGES.price],
    [{ handoverDate: '2026-12-04' }, 'handoverDate', CONTRACT_MESSAGES.handoverPast],
    [{ handoverDate: '24/12/2026' }, 'handoverDate', CONTRACT_MESSAGES.handoverDate],
    [{ handoverPlace: '' }, 'handoverPlace', CONTRACT_MESSAGES.handoverPlace],
    [{ noKnownDefects: false }, 'knownDefects', CONTRACT_MESSAGES.knownDefects],
    [{ keys: '11' }, 'keys', CONTRACT_MESSAGES.keys],
  ])('refuses %o on %s', (fields, field, message) => {
    expect(check(fields)).toEqual({ field, message });
  });

  it('takes today as the handover day, and counts days in Sweden', () => {
    expect(check({ handoverDate: '2026-12-05' })).toBeNull();
    // 23:30 UTC on 31 December is already New Year's Day in Stockholm.
    expect(swedishDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('warns against cash for large sums only', () => {
    expect(cashWarned('cash', '125 000')).toBe(true);
    expect(cashWarned('cash', '5 000')).toBe(false);
    expect(cashWarned('swish', '125 000')).toBe(false);
  });

  it('writes the contract with the car, the price and the deadline to report the change of owner', () => {
    const text = contractText({
      car: { registrationNumber: 'ABC12A', make: 'Saab', model: '9-5', year: 2009 },
      seller: { username: 'sara', name: 'Sara Säljare' },
      buyer: { username: 'kalle', name: 'Kalle Köpare' },
      terms: contractTerms(normalizeContractTerms(valid)),
    });
    expect(text).toContain('Registreringsnummer: ABC 12A');
    expect(text).toContain('Pris: 125 000 kr');
    expect(text).toContain('Inga kända fel.');
    expect(text).toContain(`senast ${ownerChangeDeadline('2026-12-24')}`);
    expect(ownerChangeDeadline('2026-12-28')).toBe('2027-01-04');
  });
});
