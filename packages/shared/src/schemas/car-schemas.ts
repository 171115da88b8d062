import { Type } from '@sinclair/typebox';
import { LIST_AS_OF_HEADER } from '../api-paths.ts';
import { LIST_COUNT_CAP, LIST_ORDER_BY_VALUES, MAX_START, MAX_WINDOW, ORDER_VALUES } from '../constants.ts';
import { DISTANCE_RADII, NEAR_KEY, WITHIN_KEY } from '../distance.ts';
import { EQUIPMENT_CODES, EQUIPMENT_KEY } from '../equipment.ts';
import { DEALER_KEY, SELLER_KEY, SELLER_VALUES } from '../filters.ts';
import { AD_LIMITS, NEW_AD_FIELDS } from '../validation/new-ad.ts';
import { PriceDetailFieldsSchema, PriceListFieldsSchema } from './price-schemas.ts';
import { VehicleDetailFieldsSchema } from './vehicle-schemas.ts';

/** The dealer of a dealer's ad (issue 45): its page's slug ('/handlare/{slug}') and the company name. */
export const AdDealerSchema = Type.Object({
  slug: Type.String(),
  name: Type.String({ description: 'Company name' }),
});

/** One ad in list shape (specification section 3, plus make, model and the photos for cards). */
export const CarListItemSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  year: Type.Integer(),
  transmission: Type.String(),
  fuel: Type.String(),
  price: Type.Integer(),
  created: Type.String({ format: 'date-time' }),
  milage: Type.Integer({ description: 'Swedish miles (mil)' }),
  hp: Type.Integer(),
  make: Type.String(),
  model: Type.String(),
  imageCount: Type.Integer({ description: 'Photos 1…imageCount exist as /files/{id}-{n}.jpeg' }),
  imageVersion: Type.Integer({ description: 'Grows when the photos are replaced (?v= in photo URLs)' }),
  kommun: Type.Union([Type.String(), Type.Null()], {
    description: "The ad's municipality code (four digits, the first two its county's); null: shown as 'Stockholm'",
  }),
  dealer: Type.Union([AdDealerSchema, Type.Null()], {
    description: "The dealer the ad is for (shown with the company name and 'Handlare'); null for a private seller",
  }),
  ...PriceListFieldsSchema.properties,
  distanceKm: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description:
        "Lists given near: km between the seats of near and the ad's kommun, rounded (0: the same kommun; shown " +
        "'ca 35 km')",
    }),
  ),
});

/** One ad with every read field. */
export const CarSchema = Type.Composite([
  CarListItemSchema,
  Type.Object({
    description: Type.String(),
    color: Type.String(),
    type: Type.String(),
    drivetrain: Type.String(),
    user: Type.String({ description: 'Seller username' }),
    equipment: Type.Array(Type.String(), {
      description: 'Utrustning: codes of the fixed list (packages/shared/src/equipment.ts), in its order; [] for none',
    }),
    ...PriceDetailFieldsSchema.properties,
    ...VehicleDetailFieldsSchema.properties,
  }),
]);

export const CarListSchema = Type.Array(CarListItemSchema);

/** `GET /cars/sold`: the caller's sold ads in list shape, each with its sold time (issue 28). */
export const SoldCarListSchema = Type.Array(
  Type.Composite([CarListItemSchema, Type.Object({ soldAt: Type.String({ format: 'date-time' }) })]),
);

/** A saved ad for sale or sold, as its card shows it; `soldAt` null while for sale (issue 28). */
export const SavedCarSchema = Type.Composite([
  CarListItemSchema,
  Type.Object({
    soldAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: "When the ad was sold (shown 'Såld'); null: still for sale",
    }),
    priceDrop: Type.Union([Type.Integer(), Type.Null()], {
      description: "How much lower the price is than when the ad was saved (shown 'Sänkt 10 000 kr'); null: not lower",
    }),
    removed: Type.Literal(false),
  }),
]);

/** A saved ad the moderators hid: only that it is no longer available (issue 46); it can only be unsaved. */
export const UnavailableSavedCarSchema = Type.Object({ id: Type.Integer(), removed: Type.Literal(true) });

/** `GET /001/3002`: the saved ads, for sale, sold or no longer available. */
export const SavedCarListSchema = Type.Array(Type.Union([SavedCarSchema, UnavailableSavedCarSchema]));

/** `GET /saved/removed`: the user's saved ads that were removed since, shown 'Borttagen' until dismissed. */
export const SavedRemovedListSchema = Type.Array(
  Type.Object({ id: Type.Integer(), title: Type.String(), removedAt: Type.String({ format: 'date-time' }) }),
);

/** A list answer that names its snapshot in X-List-As-Of (documented as a response header). */
export const SnapshotCarListSchema = Type.Array(CarListItemSchema, {
  headers: Type.Object({ [LIST_AS_OF_HEADER]: Type.String({ format: 'date-time' }) }),
});

/** The 201 of a new ad (and of new feedback). */
export const CreatedSchema = Type.Object({ id: Type.Integer() });

/** A new ad: `held` when its price is far below its range and it waits for a moderator ('Granskas', issue 42). */
export const AdCreatedSchema = Type.Object({
  id: Type.Integer(),
  held: Type.Optional(Type.Literal(true, { description: "'Granskas': not shown until a moderator has looked" })),
});

export const SavedToggleSchema = Type.Object({ saved: Type.Boolean() });

/** `GET /002/2001` and `/002/2002?make=`: a make or a model. */
export const NamedSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export const NamedListSchema = Type.Array(NamedSchema);

/** The window of a list: rows start … end-1. */
export const WindowQuerySchema = Type.Object({
  start: Type.Optional(Type.Integer({ description: `First row, 0…${MAX_START} (default 0)` })),
  end: Type.Optional(Type.Integer({ description: `Row after the last, > start, at most start + ${MAX_WINDOW}` })),
});

/** The snapshot of a listing, for its later windows. */
export const AsOfQuerySchema = Type.Object({
  asOf: Type.Optional(
    Type.String({
      description:
        "ISO 8601 snapshot of the listing: only ads visible at that time (the first answer's X-List-As-Of; " +
        'default now, a future time counts as now)',
    }),
  ),
});

const caseInsensitive = (what = 'Case-insensitive') => Type.Optional(Type.String({ description: what }));

export const CarFiltersSchema = Type.Object({
  searchterm: Type.Optional(
    Type.String({ description: "Swedish full text plus partial words ('volv', 'xc6'); every word must match" }),
  ),
  make: caseInsensitive(),
  model: caseInsensitive(),
  trans: caseInsensitive('Transmission, case-insensitive'),
  fuel: caseInsensitive(),
  type: caseInsensitive(),
  color: caseInsensitive(),
  drivetrain: caseInsensitive(),
  priceMin: Type.Optional(Type.Integer({ description: `SEK, 0…${AD_LIMITS.priceMax}; above priceMax is 400` })),
  priceMax: Type.Optional(Type.Integer({ description: `SEK, 0…${AD_LIMITS.priceMax}` })),
  yearMin: Type.Optional(
    Type.Integer({ description: `Model year, ${AD_LIMITS.yearMin}…${AD_LIMITS.yearMax}; after yearMax is 400` }),
  ),
  yearMax: Type.Optional(Type.Integer({ description: `Model year, ${AD_LIMITS.yearMin}…${AD_LIMITS.yearMax}` })),
  milageMax: Type.Optional(Type.Integer({ description: `mil, 0…${AD_LIMITS.milageMax}` })),
  lan: Type.Optional(Type.String({ description: "County code, two digits ('14'); unknown codes are 400" })),
  kommun: Type.Optional(Type.String({ description: "Municipality code, four digits ('1480'); unknown codes are 400" })),
  [EQUIPMENT_KEY]: Type.Optional(
    Type.String({
      description:
        "Utrustning: codes joined by commas ('dragkrok,motorvarmare'); only ads with ALL of them. Unknown codes " +
        `are 400. Codes: ${EQUIPMENT_CODES.join(', ')}`,
    }),
  ),
  [NEAR_KEY]: Type.Optional(
    Type.String({
      description:
        "Avstånd: a kommun code ('0180') to measure from (its seat, GeoNames); each ad gets distanceKm and ads " +
        'without a kommun are left out. Unknown codes are 400',
    }),
  ),
  [WITHIN_KEY]: Type.Optional(
    Type.String({
      description: `Avstånd: only ads whose kommun's seat is within this many km of near's: ${DISTANCE_RADII.join(
        ' | ',
      )}; any other value, or within without near, is 400`,
    }),
  ),
  [SELLER_KEY]: Type.Optional(
    Type.String({ description: `'Privat / Handlare': ${SELLER_VALUES.join(' | ')} (default either); others are 400` }),
  ),
  [DEALER_KEY]: Type.Optional(Type.String({ description: "One dealer's ads: its slug ('/handlare/{slug}')" })),
});

export const CarListQuerySchema = Type.Composite([
  WindowQuerySchema,
  Type.Object({
    orderBy: Type.Optional(
      Type.Union(
        LIST_ORDER_BY_VALUES.map((v) => Type.Literal(v)),
        {
          description:
            `${LIST_ORDER_BY_VALUES.join(' | ')} (default created). distance ('Närmast') needs near: nearest kommun ` +
            'first, newest first within a kommun, whatever order says',
        },
      ),
    ),
    order: Type.Optional(
      Type.Union(
        ORDER_VALUES.map((v) => Type.Literal(v)),
        { description: `${ORDER_VALUES.join(' | ')} (default desc)` },
      ),
    ),
  }),
  CarFiltersSchema,
  AsOfQuerySchema,
]);

/** `GET /cars/count`: the list's filters, without window, order or snapshot. */
export const CarCountQuerySchema = CarFiltersSchema;

/** `GET /cars/count`: the number of matching ads; `more` when there are more than `count` (decision 043). */
export const CarCountSchema = Type.Object({
  count: Type.Integer({ description: `Matching visible ads, at most ${LIST_COUNT_CAP}` }),
  more: Type.Boolean({ description: `True when more than ${LIST_COUNT_CAP} ads match (shown '${LIST_COUNT_CAP}+')` }),
});

/** The multipart body of a new or edited ad, for the document only (the form is read as a stream). */
export const AD_FORM_DESCRIPTION =
  `multipart/form-data with the text fields ${NEW_AD_FIELDS.join(', ')}, the equipment as repeated ` +
  '`equipment` fields (one code each, or codes joined by commas; an empty one sends none; unknown codes are 400 on ' +
  "'equipment'; an edit without any keeps the ad's) and up to 8 photo files " +
  'images[0] … images[7] (JPEG, PNG, WebP or HEIC, each at most 10 MB; stored in upload order).';

/** The new ad's one field more: its registration number, required, never changed by an edit. */
export const NEW_AD_FORM_DESCRIPTION =
  `${AD_FORM_DESCRIPTION} A new ad also needs registrationNumber ('ABC 123' or 'ABC 12A'; spaces and case do ` +
  "not matter): 409 'Det finns redan en annons för ABC 123' while another ad of the number is for sale, 400 when " +
  "the vehicle register has the car as stolen; the register's facts are kept with the ad.";
