/**
 * Letters folded for search, one for one (`translate`): accented Latin letters to their base letter, the Danish
 * and Norwegian æ and ø to the Swedish ä and ö they stand for. å, ä and ö are letters of their own in Swedish
 * and stay. The same two strings are in `inventory.search_fold` (inventory's 001-schema.sql): change them together,
 * in a migration that computes the search columns again.
 */
export const SEARCH_FOLD_FROM =
  'àáâãāăąæçćĉċčďđðèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõōŏőøŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżž';
export const SEARCH_FOLD_TO =
  'aaaaaaaäcccccdddeeeeeeeeegggghhiiiiiiiiijklllllnnnnoooooooörrrsssssttttuuuuuuuuuuwyyyzzz';

const FOLDS = new Map(Array.from(SEARCH_FOLD_FROM, (c, i) => [c, SEARCH_FOLD_TO[i]!] as const));

/**
 * Text as the search columns hold it: composed (NFC, so an 'o' with a combining diaeresis is the letter 'ö'),
 * lower-cased and folded, as `inventory.search_fold` does in the database.
 */
export function foldForSearch(text: string): string {
  return Array.from(text.normalize('NFC').toLocaleLowerCase('sv-SE'), (c) => FOLDS.get(c) ?? c).join('');
}
