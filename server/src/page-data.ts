import type { FastifyInstance } from 'fastify';
import {
  cardImagePath,
  IDENTITY_BASE,
  identityPaths,
  imagePath,
  INVENTORY_BASE,
  inventoryPaths,
  LIST_AS_OF_HEADER,
} from '@bilmarknaden/shared/api-paths';
import type { Car, CarListItem } from '@bilmarknaden/shared/api-types';
import { DEFAULT_ORDER, DEFAULT_ORDER_BY, PAGE_SIZE } from '@bilmarknaden/shared/constants';
import { PAGE_DATA_ELEMENT_ID, type PageAnswer } from '@bilmarknaden/shared/page-data';
import type { PageMatch } from '@bilmarknaden/shared/page-paths';
import { pageReadHeaders } from './page-reads.ts';

/** The first window of the home list as the app asks for it (useInfiniteCars with no filters). */
export const HOME_LIST_URL = `${INVENTORY_BASE}${inventoryPaths.listCars}?orderBy=${DEFAULT_ORDER_BY}&order=${DEFAULT_ORDER}&start=0&end=${PAGE_SIZE}`;
export const MAKES_URL = `${INVENTORY_BASE}${inventoryPaths.makes}`;
export const carUrl = (id: string) => `${INVENTORY_BASE}${inventoryPaths.car}?carid=${id}`;
/** The public profile (username, first name, member since: no contact details), as the seller page asks for it. */
export const profileUrl = (username: string) =>
  `${IDENTITY_BASE}${identityPaths.userByUsername}?username=${encodeURIComponent(username)}`;
/** One ad of the seller is enough to tell a seller from no one. */
const sellerHasAdUrl = (username: string) =>
  `${INVENTORY_BASE}${inventoryPaths.carsByUser}?username=${encodeURIComponent(username)}&start=0&end=1`;

/** What the server adds to index.html for one page. */
export interface PageData {
  /** The API answers the screen's first render needs. */
  answers: PageAnswer[];
  /** The photo that will be the largest thing on the first screen, fetched from the head with high priority. */
  lcpImage: string | undefined;
  /** The ad of /car/{id}, for the title and Open Graph tags. */
  car?: Car;
  /** What the page shows does not exist (the ad, or the seller), so the page answers 404. */
  missing?: true;
}

const MISSING: PageData = { answers: [], lcpImage: undefined, missing: true };

/**
 * The data of `/` (without a query), `/car/{id}`, `/edit/car/{id}` and `/user/{username}`, read through the API
 * itself (app.inject) so it is what the app's own request gets; null for other pages or a failed read.
 */
export async function readPageData(app: FastifyInstance, url: string, match: PageMatch): Promise<PageData | null> {
  const query = url.split('?', 2)[1];
  if (match.page === 'home' && !query) {
    const [list, makes] = await Promise.all([answer(app, HOME_LIST_URL, [LIST_AS_OF_HEADER]), answer(app, MAKES_URL)]);
    if (!list.answer) return null;
    const first = (list.answer.body as CarListItem[])[0];
    return {
      answers: makes.answer ? [list.answer, makes.answer] : [list.answer],
      lcpImage: first && first.imageCount > 0 ? cardImagePath(first.id, 1, first.imageVersion) : undefined,
    };
  }
  if (match.page === 'car') {
    // Any id, so that the API's own rule decides which ids exist (a malformed one answers 404 there too).
    const car = await answer(app, carUrl(encodeURIComponent(match.params.id!)));
    if (car.status === 404) return MISSING;
    if (!car.answer) return null;
    const body = car.answer.body as Car;
    return {
      answers: [car.answer],
      lcpImage: body.imageCount > 0 ? imagePath(body.id, 1, body.imageVersion) : undefined,
      car: body,
    };
  }
  if (match.page === 'editCar') {
    // The form's ad (the app's useCar reads it from the page); no title or photo: the page is the owner's form.
    const car = await answer(app, carUrl(encodeURIComponent(match.params.id!)));
    if (car.status === 404) return MISSING;
    return car.answer ? { answers: [car.answer], lcpImage: undefined } : null;
  }
  if (match.page === 'userAds') return readSeller(app, match.params.username!);
  return null;
}

/**
 * /user/{username}: a seller exists while identity knows the name or an ad of theirs is visible, as the app decides
 * (features/user-ads). The cheaper profile read comes first; the ads only for a name identity does not know.
 */
async function readSeller(app: FastifyInstance, username: string): Promise<PageData | null> {
  const profile = await answer(app, profileUrl(username));
  if (profile.answer) return { answers: [profile.answer], lcpImage: undefined };
  // 400: a name no account can have (blank, too long).
  if (profile.status !== 404 && profile.status !== 400) return null;
  const ads = await answer(app, sellerHasAdUrl(username));
  if (ads.status === 400 || (ads.answer && (ads.answer.body as unknown[]).length === 0)) return MISSING;
  return null;
}

/** The API's status, and its answer when that is 200. */
type Read = { status: number; answer?: PageAnswer };

async function answer(app: FastifyInstance, url: string, headerNames: string[] = []): Promise<Read> {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...pageReadHeaders() } });
  if (res.statusCode !== 200) return { status: res.statusCode };
  const headers: Record<string, string> = {};
  for (const name of headerNames) {
    const value = res.headers[name.toLowerCase()];
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
  }
  return { status: 200, answer: { url, body: res.json(), ...(headerNames.length > 0 ? { headers } : {}) } };
}

/**
 * The answers as a JSON data block. The type makes it data that no browser runs (the CSP's script-src does not
 * apply); `<`, `>`, `&` and the line separators are escaped so that no value can end the element or open a comment.
 */
export function pageDataScript(answers: PageAnswer[]): string {
  const json = JSON.stringify(answers).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}

/** Fetch the page's largest photo from the head, before any script has run. */
export function imagePreloadTag(src: string): string {
  return `<link rel="preload" as="image" href="${src.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" fetchpriority="high">`;
}
