// The measured API requests and, for each, its ceiling: a bare route in the same process that runs the SQL the
// API request runs (ceiling-route.ts). Plain data only: the bench server bundles this file.
import {
  IDENTITY_BASE,
  identityPaths,
  INVENTORY_BASE,
  inventoryPaths,
  MESSAGING_BASE,
  messagingPaths,
} from '@bilmarknaden/shared/api-paths';
import type { LoadScenario } from './load.ts';

const list = `${INVENTORY_BASE}/001/2003`;
const detail = `${INVENTORY_BASE}/001/2001`;
const saved = `${INVENTORY_BASE}/001/3002`;

export const CEILING_BASE = '/__bench/ceiling';

/** Rounds of the ad page without and with its view, in turn (issue 43). */
export const VIEW_ROUNDS = 5;
/** Issue 43: ad pages per second with view counting at least this share of those without. */
export const VIEWS_MIN_PCT = 90;

/** An ad page's API reads, as the page makes them when a visitor opens it from a list (issue 43's scenario). */
export interface AdPageScenario extends LoadScenario {
  requestsPerPage: number;
}

/**
 * The ad page's own reads, as the browser makes them on opening an ad from a list: the ad, its similar ads, the
 * seller's profile, summary and reply time; with `withView`, also the view the page posts once drawn (issue 43).
 * Every page comes from its own visitor (X-Forwarded-For through a trusted loopback proxy, and its own user-agent),
 * so each view is counted and buffered, the costliest case, and no address meets a rate limit.
 */
export function adPages(
  ads: readonly { id: number; seller: string }[],
  withView: boolean,
  pages = 20_000,
): AdPageScenario {
  const q = (query: Record<string, string>) => `?${new URLSearchParams(query).toString()}`;
  const rotate = Array.from({ length: pages }, (_, k) => {
    const { id, seller } = ads[k % ads.length]!;
    const visitor = {
      'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64) bench-visitor/${k}`,
    };
    const get = (path: string) => ({ method: 'GET' as const, path, headers: visitor });
    return [
      get(`${detail}${q({ carid: String(id) })}`),
      get(`${INVENTORY_BASE}${inventoryPaths.similarCars(id)}`),
      get(`${IDENTITY_BASE}${identityPaths.userByUsername}${q({ username: seller })}`),
      get(`${INVENTORY_BASE}${inventoryPaths.sellerSummary}${q({ username: seller })}`),
      get(`${MESSAGING_BASE}${messagingPaths.sellerReplyTime}${q({ username: seller })}`),
      ...(withView
        ? [
            {
              method: 'POST' as const,
              path: `${INVENTORY_BASE}${inventoryPaths.carViews}`,
              headers: { ...visitor, 'content-type': 'application/json' },
              body: JSON.stringify({ carId: id }),
            },
          ]
        : []),
    ];
  });
  return {
    name: withView ? 'ad page with its view' : 'ad page',
    path: rotate[0]![0]!.path,
    rotate: rotate.flat(),
    requestsPerPage: rotate[0]!.length,
  };
}

/** The list shapes: the query string of each API request, which its ceiling route parses once at start. */
export const LIST_SHAPES: readonly { name: string; query: Record<string, string> }[] = [
  { name: 'list page 1', query: { start: '0', end: '20' } },
  { name: 'deepest window', query: { start: '980', end: '1000' } },
  {
    name: 'filtered',
    query: { make: 'volvo', fuel: 'diesel', priceMin: '50000', priceMax: '200000', orderBy: 'price', order: 'asc' },
  },
  { name: 'search', query: { searchterm: 'dragkrok' } },
  { name: 'partial word', query: { searchterm: 'volv' } },
  // Issue 44: equipment with the distance filter (a radius: its kommuner through the place index) and with 'Närmast'
  // (the kommuner walked nearest first).
  { name: 'equipment distance', query: { equipment: 'dragkrok', near: '0180', within: '50' } },
  { name: 'equipment nearest', query: { equipment: 'dragkrok', near: '1480', within: '100', orderBy: 'distance' } },
];

/** The detail's ceiling without the price facts (decision 038): what they add to the ad's p99. */
export const DETAIL_WITHOUT_PRICE_FACTS = 'detail without price facts';
/**
 * Rounds of the detail ceiling with and without the price facts, each a pair run back to back (in turn with-first and
 * without-first); the figure is the median of the pairs' differences (pairedMedianDifference).
 */
export const PRICE_FACTS_ROUNDS = 7;

/**
 * The median of `a[i] - b[i]`. On a shared machine the speed of all processes drifts by a quarter from one run to the
 * next; each difference is taken between two runs seconds apart, so the drift between pairs drops out, where a
 * difference of the two sides' medians took it in.
 */
export function pairedMedianDifference(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) throw new Error('pairs of equal, non-zero length expected');
  const d = a.map((x, i) => x - b[i]!).sort((x, y) => x - y);
  const mid = Math.floor(d.length / 2);
  return d.length % 2 === 1 ? d[mid]! : (d[mid - 1]! + d[mid]!) / 2;
}

/** The path of a scenario's ceiling route: `/__bench/ceiling/deep-window`. */
export const ceilingPath = (scenario: string) => `${CEILING_BASE}/${scenario.replaceAll(' ', '-')}`;

export interface ApiScenario extends LoadScenario {
  /** The same requests (query string and headers included) to the scenario's ceiling route. */
  ceiling: LoadScenario;
}

/** The measured API requests; `ids` rotate through the detail scenario, `token` is bench user 1's. */
export function apiScenarios(ids: readonly number[], token: string): ApiScenario[] {
  // The ceiling gets the same query string and headers, so both pay the same HTTP and query-string parsing;
  // the ceiling route ignores what it does not need (it validates nothing and verifies no token).
  const withCeiling = (s: LoadScenario, toCeiling: (apiPath: string) => string): ApiScenario => ({
    ...s,
    ceiling: {
      ...s,
      name: `${s.name} ceiling`,
      path: toCeiling(s.path),
      paths: s.paths?.map(toCeiling),
    },
  });
  const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();
  const swap = (from: string, scenario: string) => (p: string) => ceilingPath(scenario) + p.slice(from.length);
  return [
    ...LIST_SHAPES.map((shape) =>
      withCeiling({ name: shape.name, path: `${list}?${qs(shape.query)}` }, swap(list, shape.name)),
    ),
    withCeiling(
      {
        name: 'detail',
        path: `${detail}?carid=${ids[0]}`,
        paths: ids.map((id) => `${detail}?carid=${id}`),
      },
      swap(detail, 'detail'),
    ),
    withCeiling({ name: 'saved', path: saved, headers: { authorization: `Bearer ${token}` } }, swap(saved, 'saved')),
  ];
}
