import { describe, expect, it } from 'vitest';
import {
  parseFilters,
  removeChip,
  serializeFilters,
  setDistance,
  setEquipment,
  setFilter,
  setPlace,
  setRange,
  setSeller,
  setSort,
  toListQuery,
} from './home-filters.ts';
import { activeChips } from './chips.ts';

const parse = (q: string) => parseFilters(new URLSearchParams(q));

describe('parseFilters / serializeFilters', () => {
  it('reads every specified key and the ranges and sort', () => {
    const f = parse(
      'make=volvo&model=V70&trans=manuell&fuel=diesel&type=kombi&color=röd&drivetrain=awd&searchterm=xc6' +
        '&priceMin=1000&priceMax=200000&yearMin=2000&yearMax=2020&milageMax=15000&orderBy=price&order=asc',
    );
    expect(f).toEqual({
      make: 'volvo',
      model: 'V70',
      trans: 'manuell',
      fuel: 'diesel',
      type: 'kombi',
      color: 'röd',
      drivetrain: 'awd',
      searchterm: 'xc6',
      priceMin: 1000,
      priceMax: 200000,
      yearMin: 2000,
      yearMax: 2020,
      milageMax: 15000,
      orderBy: 'price',
      order: 'asc',
    });
  });

  it('round-trips through the query string', () => {
    const q =
      'make=volvo&model=V70&trans=manuell&fuel=el+%2F+hybrid&type=kombi&color=r%C3%B6d&drivetrain=awd&searchterm=xc6' +
      '&priceMin=1000&priceMax=200000&yearMin=2000&yearMax=2020&milageMax=15000&orderBy=price&order=asc';
    expect(serializeFilters(parse(q)).toString()).toBe(q);
  });

  it('ignores unknown keys, empty values, malformed numbers and sorts', () => {
    expect(parse('foo=1&make=&priceMin=abc&yearMin=-5&orderBy=id&order=up')).toEqual({});
  });

  it('drops a model without a make', () => {
    expect(parse('model=V70')).toEqual({});
  });

  it('leaves the default sort (created desc) out of the URL', () => {
    expect(parse('orderBy=created&order=desc')).toEqual({});
    expect(serializeFilters({ make: 'volvo', orderBy: 'created', order: 'desc' }).toString()).toBe('make=volvo');
  });

  it('asks the server with the default sort when none is chosen', () => {
    expect(toListQuery({ make: 'volvo' })).toEqual({ make: 'volvo', orderBy: 'created', order: 'desc' });
  });
});

describe('filter changes', () => {
  it('selecting a make resets the model', () => {
    expect(setFilter({ make: 'volvo', model: 'V70', fuel: 'diesel' }, 'make', 'saab')).toEqual({
      make: 'saab',
      fuel: 'diesel',
    });
  });

  it('clearing the make clears the model too', () => {
    expect(setFilter({ make: 'volvo', model: 'V70' }, 'make', '')).toEqual({});
  });

  it('choosing the same make keeps the model', () => {
    expect(setFilter({ make: 'volvo', model: 'V70' }, 'make', 'volvo')).toEqual({ make: 'volvo', model: 'V70' });
  });

  it('setting another filter touches nothing else', () => {
    expect(setFilter({ make: 'volvo', model: 'V70' }, 'fuel', 'diesel')).toEqual({
      make: 'volvo',
      model: 'V70',
      fuel: 'diesel',
    });
  });

  it('sets and clears ranges', () => {
    expect(setRange({}, 'priceMax', 5000)).toEqual({ priceMax: 5000 });
    expect(setRange({ priceMax: 5000 }, 'priceMax', undefined)).toEqual({});
  });

  it('sets a sort and drops the default one', () => {
    expect(setSort({}, 'price', 'asc')).toEqual({ orderBy: 'price', order: 'asc' });
    expect(setSort({ orderBy: 'price', order: 'asc' }, 'created', 'desc')).toEqual({});
  });
});

describe('place filters', () => {
  it('reads a county and a kommun in it, and writes them after the specified keys', () => {
    const f = parse('kommun=1480&make=volvo&lan=14');
    expect(f).toEqual({ make: 'volvo', lan: '14', kommun: '1480' });
    expect(serializeFilters(f).toString()).toBe('make=volvo&lan=14&kommun=1480');
    expect(toListQuery(f)).toMatchObject({ lan: '14', kommun: '1480' });
  });

  it('drops unknown codes and a kommun outside the chosen county', () => {
    expect(parse('lan=99&kommun=9999')).toEqual({});
    expect(parse('lan=12&kommun=1480')).toEqual({ lan: '12' });
    expect(parse('kommun=2584')).toEqual({ kommun: '2584' });
  });

  it('a new county drops a kommun outside it and keeps one inside; clearing it keeps the kommun', () => {
    const gbg = { lan: '14', kommun: '1480' };
    expect(setPlace(gbg, 'lan', '12')).toEqual({ lan: '12' });
    expect(setPlace({ kommun: '1480' }, 'lan', '14')).toEqual(gbg);
    expect(setPlace(gbg, 'lan', '')).toEqual({ kommun: '1480' });
    expect(setPlace(gbg, 'kommun', '')).toEqual({ lan: '14' });
  });
});

describe('chips', () => {
  const all = parse(
    'make=volvo&model=V70&trans=manuell&fuel=diesel&type=suv&searchterm=xc6&lan=14&kommun=1480&priceMax=200000&milageMax=15000&orderBy=price&order=asc',
  );

  it('shows one chip per active filter with labels', () => {
    expect(activeChips(all).map((c) => c.label)).toEqual([
      'Sök: xc6',
      'Märke: volvo',
      'Modell: V70',
      'Växellåda: Manuell',
      'Bränsle: Diesel',
      'Typ: SUV',
      'Län: Västra Götaland',
      'Kommun: Göteborg',
      'Pris till 200\u00a0000 :-',
      'Högst 15\u00a0000 mil',
      'Sortering: Lägst pris',
    ]);
  });

  it('removing the make chip also clears the model', () => {
    const next = removeChip(all, 'make');
    expect(next.make).toBeUndefined();
    expect(next.model).toBeUndefined();
    expect(next.trans).toBe('manuell');
  });

  it('removing any other chip clears only that filter', () => {
    for (const chip of activeChips(all)) {
      if (chip.key === 'make') continue;
      const next = removeChip(all, chip.key);
      const removed = chip.key === 'sort' ? ['orderBy', 'order'] : [chip.key];
      const expected = Object.fromEntries(Object.entries(all).filter(([k]) => !removed.includes(k)));
      expect(next).toEqual(expected);
    }
  });
});

describe('the equipment filter', () => {
  it('reads codes in the list’s order, case and spaces aside; an unknown code drops the filter', () => {
    expect(parse('equipment=Apple-CarPlay,%20dragkrok').equipment).toBe('dragkrok,apple-carplay');
    expect(parse('equipment=dragkrok,raketmotor').equipment).toBeUndefined();
    expect(parse('equipment=').equipment).toBeUndefined();
  });

  it('is written after the place and before the ranges, and cleared with none chosen', () => {
    const f = setEquipment({ kommun: '1480', priceMax: 100000 }, ['motorvarmare', 'fyrhjulsdrift']);
    expect(serializeFilters(f).toString()).toBe('kommun=1480&equipment=motorvarmare%2Cfyrhjulsdrift&priceMax=100000');
    expect(setEquipment(f, []).equipment).toBeUndefined();
  });

  it('has one chip per item; removing one keeps the others', () => {
    const f = parse('equipment=dragkrok,motorvarmare');
    const chips = activeChips(f).filter((c) => c.key === 'equipment');
    expect(chips.map((c) => c.label)).toEqual(['Utrustning: Motorvärmare', 'Utrustning: Dragkrok']);
    expect(removeChip(f, 'equipment', 'dragkrok').equipment).toBe('motorvarmare');
    expect(removeChip(removeChip(f, 'equipment', 'dragkrok'), 'equipment', 'motorvarmare')).toEqual({});
  });
});

describe('the distance filter', () => {
  it('reads a kommun, a radius and Närmast, dropping what the server would refuse', () => {
    expect(parse('near=0184&within=25&orderBy=distance')).toMatchObject({
      near: '0184',
      within: '25',
      orderBy: 'distance',
    });
    expect(parse('near=9999&within=25')).toEqual({});
    expect(parse('near=0184&within=30')).toEqual({});
    expect(parse('within=25')).toEqual({});
    // 'Närmast' without a kommun falls back to the default sort.
    expect(parse('orderBy=distance&order=asc')).toEqual({});
  });

  it('writes it in the URL and the list request, and Närmast with it', () => {
    const f = setDistance({ make: 'Volvo' }, { near: '0180', within: '50', nearest: true });
    expect(serializeFilters(f).toString()).toBe('make=Volvo&near=0180&within=50&orderBy=distance&order=asc');
    expect(toListQuery(f)).toMatchObject({ near: '0180', within: '50', orderBy: 'distance' });
    expect(parse(serializeFilters(f).toString())).toEqual(f);
  });

  it('one chip names the place and radius; removing it removes the sort by distance too', () => {
    const f = setDistance({ fuel: 'diesel' }, { near: '0184', within: '25', nearest: true });
    expect(activeChips(f).map((c) => c.label)).toEqual([
      'Bränsle: Diesel',
      'Inom 25 km från Solna',
      'Sortering: Närmast',
    ]);
    expect(removeChip(f, 'near')).toEqual({ fuel: 'diesel' });
    expect(activeChips(setDistance({}, { near: '0184', within: '' })).map((c) => c.label)).toEqual([
      'Avstånd från Solna',
    ]);
  });

  it('clearing the kommun clears the radius and Närmast', () => {
    const f = setDistance({}, { near: '0180', within: '10', nearest: true });
    expect(setDistance(f, { near: '', within: '10', nearest: true })).toEqual({});
  });
});

describe('Privat / Handlare', () => {
  it('reads seller and dealer from the URL, drops unknown values, and writes them back', () => {
    const f = parse('seller=Handlare&dealer=Bilhuset-i-Umea&make=volvo');
    expect(f).toMatchObject({ seller: 'handlare', dealer: 'bilhuset-i-umea', make: 'volvo' });
    expect(serializeFilters(f).toString()).toBe('make=volvo&seller=handlare&dealer=bilhuset-i-umea');
    expect(parse('seller=foretag&dealer=a%20b')).toEqual({});
    expect(toListQuery(f)).toMatchObject({ seller: 'handlare', dealer: 'bilhuset-i-umea' });
  });

  it('has a chip each; removing one clears only it', () => {
    const f = setSeller(parse('dealer=autohallen'), 'privat');
    expect(activeChips(f).map((c) => c.label)).toEqual(['Säljare: Privat', 'Handlare: autohallen']);
    expect(removeChip(f, 'seller')).toEqual({ dealer: 'autohallen' });
    expect(setSeller(f, undefined)).toEqual({ dealer: 'autohallen' });
  });
});
