import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { buildListSql } from '../repositories/cars-repository.ts';
import { escapeLike, parseListQuery, parseWindow, searchWords } from './search-query.ts';

describe('parseWindow', () => {
  it('accepts exactly the windows of the specification', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 10_200 }), fc.integer({ min: -5, max: 10_400 }), (start, end) => {
        const valid = start >= 0 && start <= 10_000 && end > start && end - start <= 100;
        let ok = true;
        try {
          const w = parseWindow({ start: String(start), end: String(end) });
          expect(w).toEqual({ start, end });
        } catch (err) {
          expect(err).toBeInstanceOf(HttpError);
          expect((err as HttpError).statusCode).toBe(400);
          ok = false;
        }
        expect(ok).toBe(valid);
      }),
    );
  });

  it('defaults to 0–20, or to the given size', () => {
    expect(parseWindow({})).toEqual({ start: 0, end: 20 });
    expect(parseWindow({ start: '40' })).toEqual({ start: 40, end: 60 });
    expect(parseWindow({}, 100)).toEqual({ start: 0, end: 100 });
  });
});

describe('searchWords', () => {
  it('lower-cases, trims punctuation, keeps inner hyphens and dots, drops duplicates', () => {
    expect(searchWords('  Volvo, XC60!  cx-5 id.3 volvo ')).toEqual([
      { text: 'volvo', likePattern: '%volvo%' },
      { text: 'xc60', likePattern: '%xc60%' },
      { text: 'cx-5', likePattern: '%cx-5%' },
      { text: 'id.3', likePattern: '%id.3%' },
    ]);
  });

  it('uses only full text for words under three characters', () => {
    expect(searchWords('v7 ab')).toEqual([
      { text: 'v7', likePattern: null },
      { text: 'ab', likePattern: null },
    ]);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(searchWords('1_000%x')[0]!.likePattern).toBe('%1\\_000\\%x%');
  });

  it('keeps at most 8 words', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('buildListSql', () => {
  it('never puts a user value into the SQL text', () => {
    fc.assert(
      fc.property(
        fc.record({
          make: fc.string(),
          model: fc.string(),
          trans: fc.string(),
          fuel: fc.string(),
          searchterm: fc.string({ maxLength: 100 }),
        }),
        (raw) => {
          const { sql } = buildListSql(parseListQuery(raw));
          expect(sql).toMatch(/^[\w\s.,=<>()'$*@:%-]+$/);
          for (const value of Object.values(raw)) {
            if (value.trim().length > 3 && !/^[\w\s]+$/.test(value)) expect(sql).not.toContain(value.trim());
          }
        },
      ),
    );
  });

  it('sorts by the whitelisted column with id in the same direction', () => {
    const { sql, params } = buildListSql(parseListQuery({ orderBy: 'price', order: 'asc', start: '20', end: '40' }));
    expect(sql).toContain('ORDER BY c.price ASC, c.id ASC LIMIT $1 OFFSET $2');
    expect(params).toEqual([20, 20]);
  });
});
