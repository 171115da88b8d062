import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { buildListSql } from '../repositories/car-list-sql.ts';
import { escapeLike, parseAsOf, parseListQuery, parseWindow, searchWords } from './search-query.ts';

describe('parseWindow', () => {
  it('accepts exactly the windows of the specification', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 1_200 }), fc.integer({ min: -5, max: 1_400 }), (start, end) => {
        const valid = start >= 0 && end <= 1000 && end > start && end - start <= 100;
        let ok = true;
        try {
          const w = parseWindow({ start: String(start), end: String(end) });
          expect(w).toEqual({ start, end });
        } catch (err) {
          expect(err).toBeInstanceOf(DomainError);
          expect((err as DomainError).status).toBe(400);
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

  it('folds accents as the search columns do, keeping å, ä and ö', () => {
    expect(searchWords('Citroën ŠKODA Peugeot mörk Åre säljes Ærø Citroe\u0308n').map((w) => w.text)).toEqual([
      'citroen',
      'skoda',
      'peugeot',
      'mörk',
      'åre',
      'säljes',
      'ärö',
    ]);
    expect(searchWords('citroë')[0]!.likePattern).toBe('%citroe%');
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
    const now = new Date('2026-01-02T03:04:05.678Z');
    const { sql, params } = buildListSql(
      parseListQuery({ orderBy: 'price', order: 'asc', start: '20', end: '40' }, now),
    );
    expect(sql).toContain('ORDER BY c.price ASC, c.id ASC LIMIT $2 OFFSET $3');
    expect(params).toEqual(['2026-01-02T03:04:05.677Z', 20, 20]);
  });

  it('always limits the list to its snapshot (asOf, default a millisecond before now)', () => {
    const now = new Date('2026-01-02T03:04:05.678Z');
    expect(buildListSql(parseListQuery({}, now)).sql).toContain("WHERE c.status = 'active' AND c.created <= $1");
    expect(buildListSql(parseListQuery({ asOf: '2025-05-05T10:00:00.5+02:00' }, now)).params[0]).toBe(
      '2025-05-05T08:00:00.500Z',
    );
  });
});

describe('parseListQuery ranges', () => {
  const refusal = (raw: Record<string, string>) => {
    try {
      parseListQuery(raw);
    } catch (err) {
      return err instanceof DomainError ? { status: err.status, message: err.message, field: err.field } : err;
    }
    return null;
  };

  it('reads the bounds as the filter forms do', () => {
    expect(parseListQuery({ priceMin: '1 000', priceMax: '2000', yearMin: '', yearMax: '2010' }).ranges).toEqual({
      priceMin: 1000,
      priceMax: 2000,
      yearMax: 2010,
    });
  });

  it('refuses a reversed range with the shared message, named by its from', () => {
    expect(refusal({ yearMin: '2011', yearMax: '2010' })).toEqual({
      status: 400,
      message: 'Från-året får inte vara efter till-året',
      field: 'yearMin',
    });
    expect(refusal({ priceMin: '2', priceMax: '1' })).toEqual({
      status: 400,
      message: 'Från-priset får inte vara högre än till-priset',
      field: 'priceMin',
    });
  });

  it("refuses a bound no ad can have with the ad rule's message, and a repeated bound", () => {
    expect(refusal({ yearMax: '2027' })).toEqual({ status: 400, message: 'Ange ett giltigt årtal', field: 'yearMax' });
    expect(refusal({ milageMax: '100001' })).toEqual({
      status: 400,
      message: 'Ange ett giltigt miltal',
      field: 'milageMax',
    });
    expect(refusal({ priceMin: ['1', '2'] } as unknown as Record<string, string>)).toMatchObject({
      status: 400,
      field: 'priceMin',
    });
  });
});

describe('parseAsOf', () => {
  const now = new Date('2026-01-02T03:04:05.678Z');
  // One millisecond before now: an ad published in the request's own millisecond waits for the next listing.
  const latest = new Date('2026-01-02T03:04:05.677Z');
  it('is a millisecond before now when absent or empty, and clamps a later time to it', () => {
    expect(parseAsOf({}, now)).toEqual(latest);
    expect(parseAsOf({ asOf: '' }, now)).toEqual(latest);
    expect(parseAsOf({ asOf: '2030-01-01T00:00:00Z' }, now)).toEqual(latest);
    expect(parseAsOf({ asOf: now.toISOString() }, now)).toEqual(latest);
    expect(parseAsOf({ asOf: latest.toISOString() }, now)).toEqual(latest);
  });

  it('reads ISO 8601 times with a zone', () => {
    expect(parseAsOf({ asOf: '2025-01-01T00:00:00.123Z' }, now).toISOString()).toBe('2025-01-01T00:00:00.123Z');
    expect(parseAsOf({ asOf: '2025-01-01T01:00+01:00' }, now).toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it.each(['x', '2025-01-01', '2025-02-30T00:00:00Z', '2025-01-01T24:00:00Z', '2025-01-01T00:00:00', '1735689600000'])(
    'refuses %j',
    (asOf) => {
      expect(() => parseAsOf({ asOf }, now)).toThrow(expect.objectContaining({ status: 400, field: 'asOf' }));
    },
  );
});
