import { describe, expect, it } from 'vitest';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO, foldForSearch } from './search-folding.ts';

describe('foldForSearch', () => {
  it('maps each folded letter to one letter (translate pairs them by position)', () => {
    expect(Array.from(SEARCH_FOLD_FROM)).toHaveLength(Array.from(SEARCH_FOLD_TO).length);
    expect(new Set(SEARCH_FOLD_FROM).size).toBe(Array.from(SEARCH_FOLD_FROM).length);
    expect(SEARCH_FOLD_TO).toMatch(/^[a-zäö]+$/);
  });

  it('folds accents in both cases and keeps å, ä and ö', () => {
    expect(foldForSearch('Citroën Škoda Renée Łódź Ñandú')).toBe('citroen skoda renee lodz nandu');
    expect(foldForSearch('ÅÄÖ åäö')).toBe('åäö åäö');
    expect(foldForSearch('Ærø Søren')).toBe('ärö sören');
  });

  it('composes first, so a decomposed ö stays ö and a decomposed ë folds', () => {
    expect(foldForSearch('mo\u0308rk Citroe\u0308n')).toBe('mörk citroen');
  });
});
