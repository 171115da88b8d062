// Characters no ad or feedback text may hold: control characters, and the Unicode bidi controls that reorder
// what follows them, so that a title can show as another text than it is (U+202E turns 'Volvo 09' into 'Volvo 90').
// ONE definition for the forms and the servers (new-ad.ts and feedback.ts use it in their rules).

/** U+061C, U+200E, U+200F (marks), U+202A–U+202E (embeddings, overrides), U+2066–U+2069 (isolates). */
const BIDI_CONTROLS = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';

/** Single-line text (a title, a name): every C0 and C1 control (tab and line breaks too) and U+2028/U+2029. */
const SINGLE_LINE = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029${BIDI_CONTROLS}]`);

/** Multi-line text (a description): the same, except tab, line feed, carriage return and the line separators. */
const MULTI_LINE = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`);

export type TextKind = 'single-line' | 'multi-line';

/** True when the text holds a character its kind of field refuses. */
export function hasForbiddenCharacters(value: string, kind: TextKind): boolean {
  return (kind === 'single-line' ? SINGLE_LINE : MULTI_LINE).test(value);
}

/** The message for a refused text, e.g. `forbiddenCharactersMessage('Din rubrik', 'single-line')`. */
export function forbiddenCharactersMessage(subject: string, kind: TextKind): string {
  return kind === 'single-line'
    ? `${subject} innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)`
    : `${subject} innehåller otillåtna osynliga styrtecken`;
}

/** Characters that show nothing: white space, zero-width spaces and joiners, fillers, the soft hyphen, the BOM. */
// The combining grapheme joiner and the Hangul fillers combine, so they stand outside the character class.
const INVISIBLE = /^(?:[\s\u00AD\u180E\u200B-\u200D\u2060-\u2064\u3164\uFEFF\uFFA0]|\u034F|\u115F|\u1160)*$/u;

/** True when the text shows at least one character (a message of zero-width spaces looks empty). */
export function hasVisibleCharacter(value: string): boolean {
  return !INVISIBLE.test(value);
}
