import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The reads a page makes through the API for its first render (`page-data.ts`, app.inject) carry this header
 * with a value made at start and never sent to a client, so the request log can leave them out (the page's
 * own line covers them) and no client can hide a request of its own from the log by sending the header.
 */
export const PAGE_READ_HEADER = 'x-bilmarknaden-page-read';
const pageReadToken = randomBytes(18).toString('base64url');

export const pageReadHeaders = (): Record<string, string> => ({ [PAGE_READ_HEADER]: pageReadToken });

export function isPageRead(headers: IncomingHttpHeaders): boolean {
  return headers[PAGE_READ_HEADER] === pageReadToken;
}
