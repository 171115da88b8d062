// The web app's page paths, ONE list: the router (apps/web/src/app/router.tsx) is built from it and the server
// (server/src/web-routes.ts) answers 404 for a path that matches none of them. No DOM here.

/** Every screen's path pattern as react-router writes it (`:name` is one path segment). */
export const PAGE_PATHS = {
  home: '/',
  car: '/car/:id',
  search: '/search',
  searchTerm: '/search/:term',
  userAds: '/user/:username',
  browseCars: '/browse/cars',
  savedCars: '/saved/cars',
  newCar: '/new/car',
  editCar: '/edit/car/:id',
  profile: '/profile',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  settings: '/settings',
  feedback: '/feedback',
  newPart: '/new/part',
  controlPanel: '/controlpanel',
  reports: '/reports',
  messages: '/messages',
  conversation: '/messages/:id',
  notFound: '/notfound',
  priceMethod: '/sa-bedomer-vi-priset',
  safety: '/sakerhet',
  compare: '/jamfor',
  // Before `watch`, which its path would match too.
  watchUnsubscribe: '/bevakningar/avsluta',
  watches: '/bevakningar',
  watch: '/bevakningar/:id',
  myAds: '/mina-annonser',
  /** The one-click answers of 'Är bilen fortfarande till salu?' (`#annons=…&svar=…&token=…`). */
  adAnswer: '/mina-annonser/svar',
  // Dealer accounts (issue 45).
  /** 'Bli handlare': the application, then its status. */
  dealerApply: '/bli-handlare',
  /** 'Mitt företag': the members' page of their dealer. */
  ownDealer: '/mitt-foretag',
  /** An invitation's link (`#token=…`). */
  dealerInvite: '/mitt-foretag/inbjudan',
  /** An approved dealer's public page. */
  dealer: '/handlare/:slug',
  /** A dealer's stock import: upload, progress and reports, for its members and staff (issue 45). */
  dealerImport: '/handlare/:slug/import',
} as const;

/** 'Så bedömer vi priset': how the fair-price judgement is made (decision 038). */
export const PRICE_METHOD_PATH = PAGE_PATHS.priceMethod;

/** 'Jämför': the ads chosen for comparison side by side (issue 44). */
export const COMPARE_PATH = PAGE_PATHS.compare;

/** 'Köp och sälj tryggt': the safety advice the warning above a flagged message links to (issue #42). */
export const SAFETY_PATH = PAGE_PATHS.safety;

export type PageName = keyof typeof PAGE_PATHS;

export interface PageMatch {
  page: PageName;
  /** The `:name` segments, percent-decoded. */
  params: Record<string, string>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// As react-router matches: case-insensitive, `:name` is one non-empty segment, trailing slashes allowed.
const MATCHERS = (Object.entries(PAGE_PATHS) as [PageName, string][]).map(([page, pattern]) => {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .filter((s) => s !== '')
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`;
      names.push(segment.slice(1));
      return '/([^/]+)';
    })
    .join('');
  return { page, names, regex: new RegExp(`^${source}/*$`, 'i') };
});

/**
 * The page a URL path (no query, still percent-encoded) opens, or null when it opens the app's not-found screen.
 * Throws URIError when a parameter's percent-encoding is malformed.
 */
export function matchPage(pathname: string): PageMatch | null {
  for (const { page, names, regex } of MATCHERS) {
    const m = regex.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
    return { page, params };
  }
  return null;
}
