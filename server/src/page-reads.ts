import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Marks a page's own API reads (page-data.ts) so the request log leaves them out. The value is made at start and
 * never sent, so no client can hide a request of its own from the log.
 */
export const PAGE_READ_HEADER = 'x-bilmarknaden-page-read';
const pageReadToken = randomBytes(18).toString('base64url');

export const pageReadHeaders = (): Record<string, string> => ({ [PAGE_READ_HEADER]: pageReadToken });

export function isPageRead(headers: IncomingHttpHeaders): boolean {
  return headers[PAGE_READ_HEADER] === pageReadToken;
}
