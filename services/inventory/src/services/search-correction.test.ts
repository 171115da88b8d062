import { describe, expect, it } from 'vitest';
import type { CloseName } from '../repositories/search-terms-repository.ts';
import { correctionCandidates, correctWords, keptCloseNames } from './search-correction.ts';
import { searchWords } from './search-query.ts';

const close = (word: string, name: string, extra: Partial<CloseName> = {}): CloseName => ({
  word,
  name,
  compact: false,
  known: false,
  part: name,
  score: 0,
  ...extra,
});

describe('correctionCandidates', () => {
  it('asks for each word and each pair of neighbours joined', () => {
    expect(correctionCandidates(searchWords('volvo xc 90'))).toEqual(['volvo', 'volvoxc', 'xc', 'xc90', '90']);
  });
});

describe('correctWords', () => {
  it('joins neighbours that spell a name together', () => {
    const words = correctWords(searchWords('xc 90 diesel'), [close('xc90', 'xc90', { compact: true })]);
    expect(words.map((w) => w.text)).toEqual(['xc90', 'diesel']);
  });

  it('adds the hyphenated name to a word spelled without the hyphen', () => {
    const [w] = correctWords(searchWords('cx5'), [close('cx5', 'cx-5', { compact: true })]);
    expect(w).toEqual({ text: 'cx5', likePattern: '%cx5%', alternatives: [{ text: 'cx-5', likePattern: '%cx-5%' }] });
  });

  it('adds the closest name to a typo, not to part of a name or to a short word', () => {
    const names = [
      close('volvp', 'volvo', { score: 0.5 }),
      close('volvp', 'volt', { score: 0.42 }),
      close('volv', 'volvo', { known: true, score: 0.57 }),
      close('bmv', 'bmw', { score: 0.33 }),
      close('zzzz', 'zz', { score: 0.3 }),
    ];
    const words = correctWords(searchWords('volvp volv bmv zzzz'), names);
    expect(words.map((w) => w.alternatives?.map((a) => a.text))).toEqual([['volvo'], undefined, undefined, undefined]);
  });
});

describe('keptCloseNames', () => {
  it('asks the catalogue once per word list and similarity, and answers the same names again', async () => {
    const asked: string[] = [];
    const lookup = async (words: readonly string[], threshold: number) => {
      asked.push(`${threshold}:${words.join(' ')}`);
      return [{ word: words[0]!, name: 'volvo', compact: false, known: false, part: 'volvo', score: 0.5 }];
    };
    const kept = keptCloseNames(lookup);
    const first = await kept(['volvp'], 0.4);
    expect(await kept(['volvp'], 0.4)).toEqual(first);
    await kept(['volvp'], 0.5);
    await kept(['volvp', 'v70'], 0.4);
    await kept(['volvp', 'v70'], 0.4);
    expect(asked).toEqual(['0.4:volvp', '0.5:volvp', '0.4:volvp v70']);
  });

  it('forgets the least recently used word list past its size', async () => {
    const asked: string[] = [];
    const kept = keptCloseNames(async (words) => {
      asked.push(words.join(' '));
      return [];
    }, 2);
    await kept(['a'], 0.4);
    await kept(['b'], 0.4);
    await kept(['a'], 0.4); // 'a' used again: 'b' is now the oldest
    await kept(['c'], 0.4); // 'b' goes
    await kept(['a'], 0.4);
    await kept(['b'], 0.4);
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });

  it('asks again after a failed lookup', async () => {
    let calls = 0;
    const kept = keptCloseNames(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
      return [];
    });
    await expect(kept(['saab'], 0.4)).rejects.toThrow('database gone');
    expect(await kept(['saab'], 0.4)).toEqual([]);
    expect(calls).toBe(2);
  });
});
