import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../services/search-query.ts';
import { buildCountSql, buildListSql } from './car-list-sql.ts';

// Only a statement whose best plan cannot depend on its values may keep one generic plan on PGlite (decision 050).
describe('buildListSql: which list statements ask for a generic plan', () => {
  it('the first window with no filter, in any order, its size written in the SQL', () => {
    for (const raw of [{}, { orderBy: 'price', order: 'asc' }, { start: '0', end: '100' }]) {
      const st = buildListSql(parseListQuery(raw));
      expect(st.genericPlan).toBe(true);
      expect(st.sql).toMatch(/ LIMIT \d+$/);
    }
  });

  it.each([
    ['a make', { make: 'volvo' }],
    ['a range', { priceMax: '100000' }],
    ['a search word', { searchterm: 'dragkrok' }],
    ['a later window', { start: '20', end: '40' }],
  ])('not with %s', (_what, raw) => {
    expect(buildListSql(parseListQuery(raw)).genericPlan).toBe(false);
  });
});

// PostgreSQL's generic plan cannot see how many ads a filter matches: such a list is planned for its values
// (decision 066), a list without one keeps its prepared plan.
describe('buildListSql and buildCountSql: which list statements are planned for their values', () => {
  it.each([
    ['a make, a fuel and a price range', { make: 'volvo', fuel: 'diesel', priceMin: '50000', priceMax: '200000' }],
    ['a search word', { searchterm: 'dragkrok' }],
    ['equipment', { equipment: 'dragkrok' }],
    ['a distance', { near: '0180', within: '50' }],
  ])('with %s, in any window', (_what, raw) => {
    for (const window of [{}, { start: '980', end: '1000' }]) {
      const q = parseListQuery({ ...raw, ...window });
      expect(buildListSql(q).planEach).toBe(true);
      expect(buildCountSql(q, 1000).planEach).toBe(true);
    }
  });

  it.each([{}, { start: '980', end: '1000' }, { orderBy: 'price', order: 'asc' }])(
    'not without a filter: %j',
    (raw) => {
      const q = parseListQuery(raw);
      expect(buildListSql(q).planEach).toBe(false);
      expect(buildCountSql(q, 1000).planEach).toBe(false);
    },
  );
});

describe('a search term that is a registration number', () => {
  it.each(['abc 123', 'ABC123', ' Abc-123 '])('%j finds the ad of ABC123 or the ads of its words', (term) => {
    const st = buildListSql(parseListQuery({ searchterm: term }));
    expect(st.sql).toContain('c.registration_number = $');
    expect(st.sql).toContain('c.sold_at IS NULL) OR (');
    expect(st.params).toContain('ABC123');
  });

  it.each(['volvo', 'abc 1234', 'xc60', 'aic 123'])('%j is no number: its words alone', (term) => {
    expect(buildListSql(parseListQuery({ searchterm: term })).sql).not.toContain('registration_number');
  });
});
