// Business constants of the specification, section 9.
export const PAGE_SIZE = 20;
export const MAX_WINDOW = 100;
/** The deepest row a list shows (`end` ≤ MAX_END): 50 presses of 'Mer'; beyond it the user narrows the search. */
export const MAX_END = 1000;
/** Result counts stop here, as the lists do: more is shown '1 000+ bilar' (decision 043). */
export const LIST_COUNT_CAP = MAX_END;
/** 'Liknande bilar' under an ad. */
export const SIMILAR_CARS = 6;
/** The last first row of a window (start < end ≤ MAX_END). */
export const MAX_START = MAX_END - 1;
/** Said by the list API past MAX_END (400 on `end`) and by the lists where 'Mer' would pass it. */
export const LIST_DEPTH_MESSAGE = 'Listan visar högst 1 000 annonser. Begränsa sökningen för att se fler.';
/** Characters of a search term; the search boxes take no more, the list API refuses more (400). */
export const MAX_SEARCH_LENGTH = 100;
/** Saved ads per user: the saved list is always one window, so the page, the hearts and the count are complete. */
export const MAX_SAVED = MAX_WINDOW;
export const DEFAULT_ORDER_BY = 'created';
export const DEFAULT_ORDER = 'desc';
export const ORDER_BY_VALUES = ['created', 'price', 'year', 'milage', 'hp'] as const;
export const ORDER_VALUES = ['asc', 'desc'] as const;
export type OrderBy = (typeof ORDER_BY_VALUES)[number];
export type Order = (typeof ORDER_VALUES)[number];
/** The sort 'Närmast' (issue 44): by distance from the list's `near` kommun, nearest first whatever `order` says. */
export const DISTANCE_ORDER_BY = 'distance';
/** Every sort of the list: the columns' and 'Närmast'. */
export const LIST_ORDER_BY_VALUES = [...ORDER_BY_VALUES, DISTANCE_ORDER_BY] as const;
export type ListOrderBy = (typeof LIST_ORDER_BY_VALUES)[number];

export const MAX_IMAGES = 8;
/** 10 MB as the specification counts it: 10,000 KB. */
export const MAX_IMAGE_BYTES = 10_000 * 1024;
export const COMPRESSION_THRESHOLD_BYTES = 2_000 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;
export const IMAGE_LONG_EDGE = 1600;
/** The card variant of a photo fits in this square (`…-card.jpeg`); pages offer both sizes in `srcset`. */
export const CARD_IMAGE_BOX = 480;
export const CARD_IMAGE_MAX_BYTES = 30 * 1024;

export const WELCOME_DELAY_MS = 2000;
export const SWIPE_DELETE_PX = 150;
export const SWIPE_DRAG_LIMIT_PX = 145;
export const BROWSE_YEAR_FROM = 1940;
export const BROWSE_YEAR_TO = 2025;
export const FIXED_LOCATION = 'Stockholm';
export const PRICE_SUFFIX = ' :-';

export const STORAGE_KEYS = {
  token: 'IDENTITY_TOKEN',
  userDetails: 'USER_DETAILS',
  welcomeShown: 'WELCOME_MODAL_SHOWN',
  /** The ads chosen for 'Jämför' (issue 44): a JSON array of ad ids, kept in this browser only. */
  compare: 'COMPARE_CARS',
} as const;

/** How many ads 'Jämför' puts side by side. */
export const COMPARE_MAX = 3;

export const ROLES = { user: 1, moderator: 2, administrator: 3 } as const;

/** Moderators and administrators: the one check of staff rights, for the servers and the web app alike. */
export const isStaffRole = (role: number | undefined) => role === ROLES.moderator || role === ROLES.administrator;
