import { describe, expect, it } from 'vitest';
import { browseParams, browseQuery, parseBrowse } from './browse-filters.ts';

const p = (q: string) => new URLSearchParams(q);
const NO_DISTANCE = { near: '', within: '', nearest: false };
const NO_PLACE = {
  lan: '',
  kommun: '',
  equipment: [] as string[],
  distance: NO_DISTANCE,
  seller: '' as const,
};

describe('browse filters', () => {
  it('defaults: all makes, years 1940 to 2025', () => {
    expect(parseBrowse(p(''))).toEqual({ make: '', model: '', yearFrom: 1940, yearTo: 2025, ...NO_PLACE });
    expect(browseQuery(p(''))).toEqual({});
  });

  it('takes the make from the URL', () => {
    expect(parseBrowse(p('make=volvo')).make).toBe('volvo');
    expect(browseQuery(p('make=volvo'))).toEqual({ make: 'volvo' });
  });

  it('ignores a model without a make', () => {
    expect(parseBrowse(p('model=V70')).model).toBe('');
    expect(browseQuery(p('model=V70'))).toEqual({});
  });

  it('writes make, model and a real year range; default years stay out', () => {
    expect(browseParams({ make: 'Volvo', model: 'V70', yearFrom: 2000, yearTo: 2010, ...NO_PLACE }).toString()).toBe(
      'make=Volvo&model=V70&yearMin=2000&yearMax=2010',
    );
    expect(browseParams({ make: 'Volvo', model: '', yearFrom: 1940, yearTo: 2025, ...NO_PLACE }).toString()).toBe(
      'make=Volvo',
    );
    expect(browseParams({ make: '', model: 'V70', yearFrom: 1940, yearTo: 2025, ...NO_PLACE }).toString()).toBe('');
  });

  it('writes a reversed year range as it is (the panel refuses one before it gets here)', () => {
    expect(browseParams({ make: '', model: '', yearFrom: 2010, yearTo: 2000, ...NO_PLACE }).toString()).toBe(
      'yearMin=2010&yearMax=2000',
    );
  });

  it('round-trips', () => {
    const f = { make: 'Volvo', model: 'V70', yearFrom: 2001, yearTo: 2020, ...NO_PLACE };
    expect(parseBrowse(browseParams(f))).toEqual(f);
    expect(browseQuery(browseParams(f))).toEqual({ make: 'Volvo', model: 'V70', yearMin: 2001, yearMax: 2020 });
  });

  it('writes and reads the county and kommun, dropping unknown codes and a kommun outside the county', () => {
    const f = {
      make: '',
      model: '',
      yearFrom: 1940,
      yearTo: 2025,
      lan: '14',
      kommun: '1480',
      equipment: [],
      distance: NO_DISTANCE,
      seller: '' as const,
    };
    expect(browseParams(f).toString()).toBe('lan=14&kommun=1480');
    expect(parseBrowse(browseParams(f))).toEqual(f);
    expect(browseQuery(p('lan=14&kommun=1480'))).toEqual({ lan: '14', kommun: '1480' });
    expect(browseQuery(p('lan=99&kommun=0000'))).toEqual({});
    expect(browseQuery(p('lan=14&kommun=1280'))).toEqual({ lan: '14' });
    expect(parseBrowse(p('kommun=2584'))).toMatchObject({ lan: '', kommun: '2584' });
  });
});

describe('browse equipment', () => {
  it('writes and reads the equipment in the list order, dropping a filter with an unknown code', () => {
    const f = { make: '', model: '', yearFrom: 1940, yearTo: 2025, ...NO_PLACE, equipment: ['dragkrok'] };
    expect(browseParams({ ...f, equipment: ['apple-carplay', 'dragkrok'] }).toString()).toBe(
      'equipment=dragkrok%2Capple-carplay',
    );
    expect(parseBrowse(browseParams(f))).toEqual(f);
    expect(browseQuery(p('equipment=motorvarmare,dragkrok'))).toEqual({ equipment: 'motorvarmare,dragkrok' });
    expect(browseQuery(p('equipment=dragkrok,raketmotor'))).toEqual({});
  });

  it('writes and reads the distance and Närmast, dropping what the server would refuse', () => {
    const distance = { near: '0184', within: '25', nearest: true };
    const f = { make: '', model: '', yearFrom: 1940, yearTo: 2025, ...NO_PLACE, distance };
    expect(browseParams(f).toString()).toBe('near=0184&within=25&orderBy=distance');
    expect(parseBrowse(browseParams(f))).toEqual(f);
    expect(browseQuery(browseParams(f))).toEqual({ near: '0184', within: '25' });
    expect(parseBrowse(p('near=9999&within=25&orderBy=distance')).distance).toEqual(NO_DISTANCE);
    expect(parseBrowse(p('near=0184&within=30')).distance).toEqual(NO_DISTANCE);
    expect(browseQuery(p('within=25'))).toEqual({});
  });
});

describe('browse seller', () => {
  it('writes and reads Privat / Handlare, dropping an unknown value', () => {
    const f = { make: '', model: '', yearFrom: 1940, yearTo: 2025, ...NO_PLACE, seller: 'handlare' as const };
    expect(browseParams(f).toString()).toBe('seller=handlare');
    expect(parseBrowse(browseParams(f))).toEqual(f);
    expect(browseQuery(p('seller=privat'))).toEqual({ seller: 'privat' });
    expect(browseQuery(p('seller=foretag'))).toEqual({});
  });
});
