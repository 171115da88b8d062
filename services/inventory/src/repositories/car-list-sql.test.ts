import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../services/search-query.ts';
import { buildListSql } from './car-list-sql.ts';

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
