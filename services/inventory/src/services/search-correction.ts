import type { CloseName } from '../repositories/search-terms-repository.ts';
import { escapeLike, type ListQuery, type SearchWord } from './search-query.ts';

/** Below this length a word is too short to tell a typo from another name ('kia' is not 'kit'). */
const MIN_TYPO_LENGTH = 4;
/** pg_trgm similarity from which a word counts as a misspelt make or model ('toyta' is 0.44 from 'toyota'). */
export const TYPO_SIMILARITY = 0.4;

const asWord = (text: string): SearchWord => ({ text, likePattern: `%${escapeLike(text)}%` });

/** The words, and each pair of neighbours joined, to look up in the catalogue. */
export function correctionCandidates(words: readonly SearchWord[]): string[] {
  const asked = new Set<string>();
  words.forEach((w, i) => {
    asked.add(w.text);
    const next = words[i + 1];
    if (next) asked.add(w.text + next.text);
  });
  return [...asked];
}

/**
 * The search words forgiving spacing and small typos (decision 043), from the catalogue names close to them:
 * - two neighbouring words that spell a make or model together become that name ('xc 90' is 'xc90', '9 5' '9-5');
 * - a word spelling a name without its hyphen or space also matches the name ('cx5' finds 'cx-5');
 * - a word of four letters or more that is part of no make or model but close to one ('volvp') also matches it.
 * A word as typed still matches what it matched before: a correction only adds ads.
 */
export function correctWords(words: readonly SearchWord[], close: readonly CloseName[]): SearchWord[] {
  const byWord = new Map<string, CloseName[]>();
  for (const c of close) byWord.set(c.word, [...(byWord.get(c.word) ?? []), c]);
  const sameLetters = (word: string) => byWord.get(word)?.find((c) => c.compact)?.name;

  const out: SearchWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const joined = next ? sameLetters(w.text + next.text) : undefined;
    if (joined) {
      out.push(asWord(joined));
      i++;
      continue;
    }
    const candidates = byWord.get(w.text) ?? [];
    const spelled = sameLetters(w.text);
    let alternative: string | undefined;
    if (spelled) alternative = spelled === w.text ? undefined : spelled;
    else if (Array.from(w.text).length >= MIN_TYPO_LENGTH && !candidates.some((c) => c.known))
      alternative = candidates
        .filter((c) => c.score >= TYPO_SIMILARITY)
        .sort((a, b) => b.score - a.score || a.part.localeCompare(b.part))[0]?.part;
    out.push(alternative ? { ...w, alternatives: [asWord(alternative)] } : w);
  }
  return out;
}

/** The catalogue's names close to these words, at this similarity. */
export type CloseNamesLookup = (words: readonly string[], threshold: number) => Promise<CloseName[]>;

/** Word lists whose close names one process keeps. */
const KEPT_LOOKUPS = 10_000;

/**
 * The lookup with its answers kept, most recently used first: they depend only on the catalogue of makes and
 * models, which changes only with a migration (and so a restart), so every replica keeps answers that stay right.
 */
export function keptCloseNames(closeNames: CloseNamesLookup, max = KEPT_LOOKUPS): CloseNamesLookup {
  // A Map iterates in insertion order: a hit moves to the end, and the first key is the least recently used.
  const kept = new Map<string, CloseName[]>();
  return async (words, threshold) => {
    const key = JSON.stringify([threshold, words]);
    const hit = kept.get(key);
    if (hit) {
      kept.delete(key);
      kept.set(key, hit);
      return hit;
    }
    const found = await closeNames(words, threshold);
    kept.set(key, found);
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    return found;
  };
}

/** The query with its search words corrected; a query without words as it is, with no lookup. */
export async function withCorrectedSearch(query: ListQuery, closeNames: CloseNamesLookup): Promise<ListQuery> {
  if (query.words.length === 0) return query;
  const close = await closeNames(correctionCandidates(query.words), TYPO_SIMILARITY);
  return { ...query, words: correctWords(query.words, close) };
}
