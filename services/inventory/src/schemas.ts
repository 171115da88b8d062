// JSON schemas of the routes: they document the API (OpenAPI at /api/inventory/docs) and make the
// answers fast to serialise. Query values are declared as strings and checked by the services, so a
// bad value gets the Swedish message of its field.
import { LIST_AS_OF_HEADER } from '@bilmarknaden/shared/api-paths';
import { MAX_START, MAX_WINDOW, ORDER_BY_VALUES, ORDER_VALUES } from '@bilmarknaden/shared/constants';
import { AD_LIMITS, NEW_AD_FIELDS } from '@bilmarknaden/shared/validation/new-ad';

export const errorSchema = {
  type: 'object',
  description: 'Swedish message; `field` names the input at fault',
  properties: { message: { type: 'string' }, field: { type: 'string' } },
  required: ['message'],
} as const;

const listItemProperties = {
  id: { type: 'integer' },
  title: { type: 'string' },
  year: { type: 'integer' },
  transmission: { type: 'string' },
  fuel: { type: 'string' },
  price: { type: 'integer' },
  created: { type: 'string', format: 'date-time' },
  milage: { type: 'integer', description: 'Swedish miles (mil)' },
  hp: { type: 'integer' },
  make: { type: 'string' },
  model: { type: 'string' },
  imageCount: { type: 'integer', description: 'Photos 1…imageCount exist as /files/{id}-{n}.jpeg' },
  imageVersion: { type: 'integer', description: 'Grows when the photos are replaced (?v= in photo URLs)' },
} as const;

export const carListItemSchema = {
  type: 'object',
  properties: listItemProperties,
  required: Object.keys(listItemProperties),
} as const;

const carProperties = {
  ...listItemProperties,
  description: { type: 'string' },
  color: { type: 'string' },
  type: { type: 'string' },
  drivetrain: { type: 'string' },
  user: { type: 'string', description: 'Seller username' },
} as const;

export const carSchema = { type: 'object', properties: carProperties, required: Object.keys(carProperties) } as const;
export const carListSchema = { type: 'array', items: carListItemSchema } as const;
export const idSchema = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } as const;
export const savedSchema = {
  type: 'object',
  properties: { saved: { type: 'boolean' } },
  required: ['saved'],
} as const;
const namedSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id', 'name'],
} as const;
export const namedListSchema = { type: 'array', items: namedSchema } as const;

const str = (description: string) => ({ type: 'string', description }) as const;

export const windowQuery = {
  start: str(`First row, 0…${MAX_START} (default 0)`),
  end: str(`Row after the last, > start, at most start + ${MAX_WINDOW}`),
} as const;

/** The snapshot of a listing, for its later windows. */
export const asOfQuery = {
  type: 'string',
  description:
    "ISO 8601 snapshot of the listing: only ads visible at that time (the first answer's X-List-As-Of; " +
    'default now, a future time counts as now)',
} as const;

export const listQuerySchema = {
  type: 'object',
  properties: {
    ...windowQuery,
    orderBy: str(`${ORDER_BY_VALUES.join(' | ')} (default created)`),
    order: str(`${ORDER_VALUES.join(' | ')} (default desc)`),
    searchterm: str("Swedish full text plus partial words ('volv', 'xc6'); every word must match"),
    make: str('Case-insensitive'),
    model: str('Case-insensitive'),
    trans: str('Transmission, case-insensitive'),
    fuel: str('Case-insensitive'),
    type: str('Case-insensitive'),
    color: str('Case-insensitive'),
    drivetrain: str('Case-insensitive'),
    priceMin: str(`SEK, 0…${AD_LIMITS.priceMax}; above priceMax is 400`),
    priceMax: str(`SEK, 0…${AD_LIMITS.priceMax}`),
    yearMin: str(`Model year, ${AD_LIMITS.yearMin}…${AD_LIMITS.yearMax}; after yearMax is 400`),
    yearMax: str(`Model year, ${AD_LIMITS.yearMin}…${AD_LIMITS.yearMax}`),
    milageMax: str(`mil, 0…${AD_LIMITS.milageMax}`),
    asOf: asOfQuery,
  },
} as const;

/** A list answer that names its snapshot in X-List-As-Of. */
export const snapshotListResponse = {
  ...carListSchema,
  headers: {
    type: 'object',
    properties: { [LIST_AS_OF_HEADER]: { type: 'string', format: 'date-time' } },
  },
} as const;

export const feedbackItemSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    title: { type: 'string' },
    content: { type: 'string' },
    username: { type: ['string', 'null'] },
    created: { type: 'string', format: 'date-time' },
    handledBy: { type: ['string', 'null'], description: 'Who marked it handled; null while open' },
    handledAt: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['id', 'name', 'email', 'title', 'content', 'username', 'created', 'handledBy', 'handledAt'],
} as const;

export const feedbackListSchema = { type: 'array', items: feedbackItemSchema } as const;

/** The multipart body of a new or edited ad, for the document only (the form is read as a stream). */
export const adFormDescription =
  `multipart/form-data with the text fields ${NEW_AD_FIELDS.join(', ')} and up to 8 photo files ` +
  'images[0] … images[7] (JPEG, PNG, WebP or HEIC, each at most 10 MB; stored in upload order).';

export const bearer = [{ bearerAuth: [] }];
