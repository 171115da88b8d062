// What the server writes into index.html for the app (server/src/page-data.ts writes it, initial-answers.ts
// reads it): the first API answers of the page, so that its content needs no round trip after the script.
// No DOM here: the server and the web app both import it.

/** The id of the `<script type="application/json">` that holds the page's answers (a data block, never run). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** One anonymous GET the server already answered for this page: its URL, JSON body and the headers the app reads. */
export interface PageAnswer {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
}

/** The same key for a URL whatever the order of its query parameters (path + sorted query). */
export function answerKey(url: string): string {
  const u = new URL(url, 'http://page.invalid');
  u.searchParams.sort();
  return `${u.pathname}${u.search}`;
}
