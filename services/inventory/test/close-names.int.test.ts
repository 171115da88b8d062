// The typo lookup through the indexes of inventory.search_names (001-schema.sql, decision 043 amended) finds exactly
// what the statement before it found by comparing every word with every name, kept here as the reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { inventoryMigrations } from '../src/migrations.ts';
import { searchTermsRepository, type CloseName } from '../src/repositories/search-terms-repository.ts';
import { TYPO_SIMILARITY } from '../src/services/search-correction.ts';

/** The close-names lookup of inventory's 001-schema.sql, written plainly: every search word against every row of the view. */
const REFERENCE_SQL = `
WITH asked AS (
  SELECT word, regexp_replace(word, '[^[:alnum:]]+', '', 'g') AS compact FROM unnest($1::text[]) AS word
)
SELECT a.word, n.name,
  bool_or(n.compact = a.compact) AS compact,
  bool_or(bool_or(strpos(n.part, a.word) > 0)) OVER (PARTITION BY a.word) AS known,
  (array_agg(n.part ORDER BY similarity(a.word, n.part) DESC, n.part))[1] AS part,
  max(similarity(a.word, n.part)) AS score
FROM asked a JOIN inventory.search_names n
  ON n.compact = a.compact OR strpos(n.part, a.word) > 0 OR similarity(a.word, n.part) >= $2
GROUP BY a.word, n.name`;

let db: Database;
let dispose: () => Promise<void>;
let words: string[];

beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([inventoryMigrations]));
  // Every fourth word of the catalogue's names, each also with a letter dropped, doubled or replaced, or a hyphen
  // put in: typos the lookup corrects and near misses it must not.
  const parts = (await db.query<{ part: string }>('SELECT DISTINCT part FROM inventory.search_names ORDER BY part'))
    .rows;
  const variants = parts
    .filter((_, i) => i % 4 === 0)
    .flatMap(({ part }, i) => {
      const at = i % part.length;
      const typo = [
        part.slice(0, at) + part.slice(at + 1),
        part.slice(0, at) + part[at] + part.slice(at),
        part.slice(0, at) + 'x' + part.slice(at + 1),
        part.length > 2 ? `${part.slice(0, 2)}-${part.slice(2)}` : `${part}-`,
      ][i % 4]!;
      return [part, typo];
    });
  words = [
    ...new Set([
      ...variants,
      // Joined neighbours and names without their space or hyphen.
      ...['xc90', 'volvoxc90', 'landrover', 'mercedesbenz', 'cx5', 'cx-5', 'c-x5', '95', '9-5', 'saab95', 'e-klass'],
      // Typos decision 043 names, and words of the ads that are no name.
      ...['volvp', 'toyta', 'merceds', 'mercedez', 'corrolla', 'defnder', 'rovr', 'mazad', 'kombi', 'dragkrok'],
      // Short words: one or two letters have no trigram for LIKE.
      ...['a', 'e', 'i', 'x', '3', '9', 'c4', 'xc', 'id', 'ka', 'up', 'kia', 'bmw', 'ds'],
      // LIKE's wildcards and escape, and letters beyond ASCII.
      ...['%', '_', '\\', '%o%', 'v_lvo', 'vol%', '_', 'x\\c', '\\%', 'a_b', 'ö', 'citroën', 'škoda', 'å', 'åäö'],
      ...['', '-', '--', 'zzzzz', 'qwerty', 'volvo-xc90', 'alfaromeo', 'alfa-romeo'],
    ]),
  ];
}, 120_000);
afterAll(() => dispose());

const key = (c: CloseName) => `${c.word}\u0000${c.name}`;
const sorted = (rows: CloseName[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

async function reference(asked: readonly string[], threshold: number): Promise<CloseName[]> {
  const r = await db.query<CloseName>(REFERENCE_SQL, [asked, threshold]);
  return r.rows.map((row) => ({ ...row, score: Number(row.score) }));
}

describe('closeNames finds what comparing every name found', () => {
  it.each([TYPO_SIMILARITY, 0.6, 0.2])('at similarity %s, over the catalogue and its misspellings', async (t) => {
    const expected = sorted(await reference(words, t));
    const actual = await searchTermsRepository(db).closeNames(words, t);
    expect(actual).toEqual(expected);
    // The words reach every kind of row: spelled without spaces, typed parts, typos only similar.
    expect(actual.some((c) => c.compact && c.word !== c.name)).toBe(true);
    expect(actual.some((c) => c.known && !c.compact)).toBe(true);
    expect(actual.some((c) => !c.known && !c.compact && c.score >= t)).toBe(true);
  });

  it.each([
    ['volvp'],
    ['xc', 'xc90', 'volvoxc90'],
    ['a'],
    ['%'],
    ['_'],
    ['\\'],
    ['v_lvo', 'vol%'],
    ['landrover', 'rovr'],
  ])('for %j asked alone', async (...asked) => {
    expect(await searchTermsRepository(db).closeNames(asked, TYPO_SIMILARITY)).toEqual(
      sorted(await reference(asked, TYPO_SIMILARITY)),
    );
  });

  it('at similarity zero, every name, as before', async () => {
    const actual = await searchTermsRepository(db).closeNames(['volvp', 'a'], 0);
    expect(actual).toEqual(sorted(await reference(['volvp', 'a'], 0)));
    const names = await db.query<{ n: number }>('SELECT count(DISTINCT name)::int AS n FROM inventory.search_names');
    expect(actual).toHaveLength(2 * names.rows[0]!.n);
  });
});
