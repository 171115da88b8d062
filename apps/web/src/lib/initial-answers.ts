import { answerKey, PAGE_DATA_ELEMENT_ID, type PageAnswer } from '@bilmarknaden/shared/page-data';

let answers: Map<string, PageAnswer> | undefined;

/** Reads the server's data block once and removes it: from then on the answers live here, and the DOM holds the app. */
function readAnswers(): Map<string, PageAnswer> {
  const map = new Map<string, PageAnswer>();
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  const text = element?.textContent;
  element?.remove();
  if (!text) return map;
  try {
    const list = JSON.parse(text) as unknown;
    if (Array.isArray(list)) {
      for (const a of list as PageAnswer[]) if (typeof a?.url === 'string') map.set(answerKey(a.url), a);
    }
  } catch {
    // A broken block only costs the round trip it would have saved.
  }
  return map;
}

/**
 * The answer the server put into the page for this GET URL, once: later reads of the same URL (a refetch, a
 * return after the cache dropped it) go to the network. Header names are lower-case.
 */
export function takeInitialAnswer<T>(url: string): { body: T; headers: Record<string, string> } | undefined {
  answers ??= readAnswers();
  const key = answerKey(url);
  const hit = answers.get(key);
  if (!hit) return undefined;
  answers.delete(key);
  return { body: hit.body as T, headers: hit.headers ?? {} };
}

/** Tests: read the page's data block again. */
export function resetInitialAnswers(): void {
  answers = undefined;
}
