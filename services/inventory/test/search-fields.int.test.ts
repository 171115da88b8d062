// Search finds an ad by its option fields and folds accents on both sides (001-schema.sql, docs/decisions/024).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { optionAttributes } from '@bilmarknaden/shared/options';
import { SEARCH_FOLD_FROM, foldForSearch } from '../src/services/search-folding.ts';
import { BASE, buildTestApp, insertCar, type TestApp } from './inventory-helpers.ts';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  // Titles and descriptions name no fuel, gearbox, type, colour or drivetrain: those are found by the fields.
  const plain = { title: 'Fin bil', description: 'Servad enligt programmet.' };
  ids = {
    citroen: await insertCar(t.db, {
      ...plain,
      make: 'Citroën',
      model: 'C4 Picasso',
      fuel: 'diesel',
      transmission: 'manuell',
      type: 'familjebuss',
      color: 'grå',
      drivetrain: 'fwd',
    }),
    skoda: await insertCar(t.db, {
      ...plain,
      make: 'Škoda',
      model: 'Octavia',
      fuel: 'bensin',
      transmission: 'automat',
      type: 'kombi',
      color: 'svart',
      drivetrain: 'fwd',
    }),
    volvoDiesel: await insertCar(t.db, {
      ...plain,
      make: 'Volvo',
      model: 'V90',
      fuel: 'diesel',
      transmission: 'automat',
      type: 'kombi',
      color: 'vit',
      drivetrain: 'awd',
    }),
    volvoBensin: await insertCar(t.db, {
      ...plain,
      make: 'Volvo',
      model: 'XC40',
      fuel: 'bensin',
      transmission: 'manuell',
      type: 'suv',
      color: 'röd',
      drivetrain: 'fwd',
    }),
    saab: await insertCar(t.db, {
      ...plain,
      make: 'Saab',
      model: '9-5',
      fuel: 'bensin',
      transmission: 'manuell',
      type: 'sedan',
      color: 'svart',
      drivetrain: 'fwd',
    }),
    // The same words with and without the Swedish letters: mörk/mork, säljes/saljes, Åre/Are.
    dotted: await insertCar(t.db, {
      make: 'Peugeot',
      model: '208',
      title: 'Mörk 208 från Åre',
      description: 'Säljes snabbt.',
      fuel: 'el / hybrid',
      transmission: 'manuell',
      type: 'halvkombi',
      color: 'blå',
      drivetrain: 'rwd',
    }),
    plainLetters: await insertCar(t.db, {
      make: 'Renault',
      model: 'Clio',
      title: 'Mork Clio fran Are',
      description: 'Saljes snabbt.',
      fuel: 'bensin',
      transmission: 'manuell',
      type: 'halvkombi',
      color: 'gul',
      drivetrain: 'fwd',
    }),
    // Stored decomposed (NFD), as text pasted from some systems arrives: 'e' and 'o' with a combining diaeresis.
    decomposed: await insertCar(t.db, {
      make: 'Citroe\u0308n',
      model: 'Berlingo',
      title: 'Berlingo, mo\u0308rk',
      description: 'Rymlig.',
      fuel: 'bensin',
      transmission: 'manuell',
      type: 'familjebuss',
      color: 'brun',
      drivetrain: 'fwd',
    }),
  };
});
afterAll(() => t.close());

async function found(query: string): Promise<Set<number>> {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/001/2003${query}` });
  expect(res.statusCode).toBe(200);
  return new Set((res.json() as CarListItem[]).map((c) => c.id));
}
const search = (term: string) => found(`?searchterm=${encodeURIComponent(term)}`);
const idsOf = (keys: string[]) => new Set(keys.map((k) => ids[k]));

describe('search by the option fields', () => {
  it.each([
    ['diesel', ['citroen', 'volvoDiesel']],
    ['Diesel', ['citroen', 'volvoDiesel']],
    ['automat', ['skoda', 'volvoDiesel']],
    ['manuell', ['citroen', 'volvoBensin', 'saab', 'dotted', 'plainLetters', 'decomposed']],
    ['kombi', ['skoda', 'volvoDiesel']],
    ['halvkombi', ['dotted', 'plainLetters']],
    ['suv', ['volvoBensin']],
    ['SUV', ['volvoBensin']],
    ['familjebussar', ['citroen', 'decomposed']], // by stem
    ['hybrid', ['dotted']],
    ['el', ['dotted']],
    ['röd', ['volvoBensin']],
    ['röda', ['volvoBensin']], // by stem
    ['grå', ['citroen']],
    ['gra', []], // å is not a
    ['awd', ['volvoDiesel']],
    ['fyrhjulsdrift', ['volvoDiesel']],
    ['fyrhjulsdriven', ['volvoDiesel']],
    ['4x4', ['volvoDiesel']],
    ['bakhjulsdrift', ['dotted']],
    ['framhjulsdriven', ['citroen', 'skoda', 'volvoBensin', 'saab', 'plainLetters', 'decomposed']],
    // 'sedan' is a Swedish stop word ('since'): found by the partial-word column.
    ['sedan', ['saab']],
    ['Sedan', ['saab']],
    ['seda', ['saab']],
  ])('%j finds the ads whose fields say so', async (term, expected) => {
    expect(await search(term)).toEqual(idsOf(expected));
  });

  it.each([
    ['volvo diesel', ['volvoDiesel']],
    ['diesel volvo', ['volvoDiesel']],
    ['volvo automat kombi', ['volvoDiesel']],
    ['volvo suv', ['volvoBensin']],
    ['saab sedan', ['saab']],
    ['volvo sedan', []],
    ['citroen diesel', ['citroen']],
    ['diesel bensin', []],
    ['volvo hybrid', []],
  ])('%j needs every word, from any field', async (term, expected) => {
    expect(await search(term)).toEqual(idsOf(expected));
  });

  it('a field word combines with the filters', async () => {
    expect(await found('?searchterm=diesel&make=volvo')).toEqual(idsOf(['volvoDiesel']));
    expect(await found('?searchterm=kombi&fuel=bensin')).toEqual(idsOf(['skoda']));
  });

  // Every value of the option lists is found by its label, as the filter menus show it, on an ad that has
  // only that value and no such word in its text.
  it('finds every option value by its label', async () => {
    const keys = { transmission: 'trans', fuel: 'fuel', type: 'type', color: 'color', drivetrain: 'drivetrain' };
    for (const [attribute, options] of optionAttributes) {
      for (const option of options) {
        const id = await insertCar(t.db, {
          title: 'Annons för etiketter',
          description: 'Ingenting särskilt.',
          make: 'Lada',
          model: 'Niva',
          [attribute]: option.value,
        });
        const query = `?searchterm=${encodeURIComponent(option.label)}&${keys[attribute]}=${encodeURIComponent(option.value)}&make=lada`;
        expect(await found(query), `${attribute} ${option.label}`).toContain(id);
      }
    }
  });
});

describe('search folds accents except å, ä and ö', () => {
  it.each([
    ['citroen', ['citroen', 'decomposed']],
    ['citroën', ['citroen', 'decomposed']],
    ['CITROËN', ['citroen', 'decomposed']],
    ['Citroe\u0308n', ['citroen', 'decomposed']],
    ['skoda', ['skoda']],
    ['Škoda', ['skoda']],
    ['ŠKODA octavia', ['skoda']],
    ['škodas', ['skoda']],
    ['citroen berlingo', ['decomposed']],
  ])('%j', async (term, expected) => {
    expect(await search(term)).toEqual(idsOf(expected));
  });

  it.each([
    ['citro', ['citroen', 'decomposed']],
    ['citroë', ['citroen', 'decomposed']],
    ['itroë', ['citroen', 'decomposed']],
    ['škod', ['skoda']],
    ['kod', ['skoda']],
    ['ctavi', ['skoda']],
  ])('partial word %j', async (term, expected) => {
    expect(await search(term)).toEqual(idsOf(expected));
  });

  it.each([
    ['mörk', ['dotted', 'decomposed']],
    ['mork', ['plainLetters']],
    ['MÖRK', ['dotted', 'decomposed']],
    ['mör', ['dotted', 'decomposed']], // partial
    ['mor', ['plainLetters']],
    ['säljes', ['dotted']],
    ['saljes', ['plainLetters']],
    ['åre', ['dotted']],
    ['are', ['plainLetters']],
    ['från', ['dotted']],
    ['fran', ['plainLetters']],
  ])('%j: å, ä and ö are letters of their own', async (term, expected) => {
    expect(await search(term)).toEqual(idsOf(expected));
  });

  it('æ and ø are the Swedish ä and ö', async () => {
    expect(await search('mørk')).toEqual(idsOf(['dotted', 'decomposed']));
    expect(await search('sæljes')).toEqual(idsOf(['dotted']));
  });

  // The database's search_fold and foldForSearch hold the same two strings: every folded letter, in both cases,
  // alone in a word (search_fold translates only text that holds one) and all together.
  it('folds in the database exactly as the search words are folded', async () => {
    const letters = Array.from(SEARCH_FOLD_FROM);
    const all = [...letters, ...letters.map((c) => c.toLocaleUpperCase('sv-SE')), ...'åäöÅÄÖ'];
    const texts = [...all.map((c) => `bil${c}bil`), all.join(''), 'Citroe\u0308n mo\u0308rk', 'Volvo V70'];
    const r = await t.db.query<{ folded: string }>(
      'SELECT inventory.search_fold(t) AS folded FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n',
      [texts],
    );
    expect(r.rows.map((row) => row.folded)).toEqual(texts.map(foldForSearch));
    expect(foldForSearch(all.join(''))).toMatch(/^[a-zäåö]+$/);
  });
});
