// A dealer's import feed (issue 45, docs/dealer-feed.md): its columns, limits and messages, shared by the
// inventory's import and the web's import page.

/**
 * The feed's columns, in the documented order, each with the ad form's field it fills and the Swedish name its
 * 'saknas' message uses. `required`: a row without it is refused ('rad 7: pris saknas').
 */
export const FEED_COLUMNS = [
  { column: 'externalId', field: 'externalId', label: 'externalId', required: true },
  { column: 'registrationNumber', field: 'registrationNumber', label: 'registreringsnummer', required: true },
  { column: 'make', field: 'make', label: 'märke', required: true },
  { column: 'model', field: 'model', label: 'modell', required: true },
  { column: 'year', field: 'year', label: 'årsmodell', required: true },
  { column: 'price', field: 'price', label: 'pris', required: true },
  { column: 'milage', field: 'milage', label: 'miltal', required: true },
  { column: 'hp', field: 'hp', label: 'hästkrafter', required: true },
  { column: 'fuel', field: 'fuel', label: 'bränsle', required: true },
  { column: 'gearbox', field: 'transmission', label: 'växellåda', required: true },
  { column: 'body', field: 'type', label: 'kaross', required: true },
  { column: 'colour', field: 'color', label: 'färg', required: true },
  { column: 'drivetrain', field: 'drivetrain', label: 'drivlina', required: true },
  { column: 'description', field: 'description', label: 'beskrivning', required: true },
  { column: 'title', field: 'title', label: 'rubrik', required: false },
  { column: 'kommun', field: 'kommun', label: 'kommun', required: false },
  { column: 'equipment', field: 'equipment', label: 'utrustning', required: false },
  { column: 'photos', field: 'photos', label: 'bilder', required: false },
] as const;

export type FeedColumn = (typeof FEED_COLUMNS)[number]['column'];

export const FEED_LIMITS = {
  /** The feed file (CSV or JSON). */
  fileBytes: 10 * 1024 * 1024,
  /** A zip with the feed and its photos. */
  zipBytes: 50 * 1024 * 1024,
  rows: 10_000,
  /** Photos per car, as the form. */
  photos: 8,
  externalIdLength: 100,
  /** Uploads per dealer and hour. */
  uploadsPerHour: 20,
  /** The row errors a report keeps (all are counted). */
  reportedErrors: 1000,
} as const;

export const FEED_MESSAGES = {
  missing: (label: string) => `${label} saknas`,
  externalIdLong: `externalId får vara högst ${FEED_LIMITS.externalIdLength} tecken`,
  duplicateExternalId: 'externalId finns redan på en tidigare rad i flödet',
  noFile: 'Välj en fil med flödet (CSV, JSON eller zip)',
  format: 'Flödet ska vara en CSV-fil, en JSON-fil eller en zip-fil med flödet och bilderna',
  unreadableCsv: (line: number) => `CSV-filen kan inte läsas (rad ${line})`,
  unreadableJson: 'JSON-filen kan inte läsas: den ska vara en lista av bilar eller {"cars": [...]}',
  notAnObject: 'raden är inte ett objekt',
  empty: 'Flödet innehåller inga bilar',
  tooManyRows: `Flödet får ha högst ${FEED_LIMITS.rows.toLocaleString('sv-SE')} bilar`,
  tooLarge: `Filen får vara högst ${FEED_LIMITS.fileBytes / 1024 / 1024} MB (en zip ${FEED_LIMITS.zipBytes / 1024 / 1024} MB)`,
  zipFeed: 'Zip-filen ska innehålla en fil med flödet (.csv eller .json)',
  zipUnreadable: 'Zip-filen kan inte läsas',
  full: 'Ange full som true eller false',
  tooManyPhotos: `Högst ${FEED_LIMITS.photos} bilder per bil`,
  photoMissing: (name: string) => `bilden ${name} finns inte i zip-filen`,
  photoUnusable: (name: string) => `bilden ${name} kunde inte användas`,
  unauthorized: 'Logga in som handlarens medarbetare eller ange handlarens API-nyckel',
  keyInvalid: 'API-nyckeln är ogiltig eller återkallad',
  forbidden: 'Du hör inte till den här handlaren',
  notFound: 'Handlaren finns inte',
  runNotFound: 'Importen finns inte',
} as const;

/** One refused row of a report: the feed's row number, the column at fault when known, and why. */
export interface FeedRowError {
  row: number;
  field?: string;
  message: string;
}

/** A row error as the report shows it: 'rad 7: pris saknas'. */
export const rowErrorText = (e: FeedRowError): string => `rad ${e.row}: ${e.message}`;
