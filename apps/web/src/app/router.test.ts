import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { matchPage, PAGE_PATHS } from '@bilmarknaden/shared/page-paths';
import { routes } from './router.tsx';

/** The leaf routes' paths ('' for the index route). */
function leafPaths(list: RouteObject[]): string[] {
  return list.flatMap((r) => (r.children ? leafPaths(r.children) : [r.index ? '' : (r.path ?? '')]));
}

// The server answers 404 for what matchPage does not know (server/src/web-routes.ts): both must agree.
describe('the router and the shared page paths', () => {
  it('the router has exactly the shared pages, the index and the catch-all', () => {
    const expected = Object.values(PAGE_PATHS).filter((p) => p !== PAGE_PATHS.home);
    expect(leafPaths(routes).sort()).toEqual(['', '*', ...expected].sort());
  });

  it.each([
    '/',
    '/car/12',
    '/car/12/',
    '/Car/12',
    '/search',
    '/search/volvo%20v70',
    '/search/a%2Fb',
    '/user/anna',
    '/saved/cars',
    '/edit/car/3',
    '/notfound',
    '/forgot-password',
    '/reset-password',
    '/nope',
    '/car',
    '/car/1/2',
    '/search/a/b',
    '/browse',
    '/index.html',
  ])('%s: the router shows the not-found screen exactly when matchPage knows no page', (path) => {
    const leaf = matchRoutes(routes, path)!.at(-1)!.route;
    expect(leaf.path === '*', path).toBe(matchPage(path) === null);
  });
});
