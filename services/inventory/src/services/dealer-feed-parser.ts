import { parse as parseCsv } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { MAX_IMAGE_BYTES } from '@bilmarknaden/shared/constants';
import { FEED_COLUMNS, FEED_LIMITS, FEED_MESSAGES, type FeedRowError } from '@bilmarknaden/shared/dealer-feed';
import { normalizeRegistrationNumber } from '@bilmarknaden/shared/validation/registration-number';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';

/** One car of a feed: its row number (as the report names it) and its columns as text, trimmed. */
export interface FeedRow {
  n: number;
  fields: Record<string, string>;
  /** Refused before any check of its fields (not an object, a repeated externalId or number). */
  error?: FeedRowError;
}

export interface ParsedFeed {
  format: 'csv' | 'json';
  rows: FeedRow[];
  /** Photos of a zip by file name (its base name, lower case). */
  photos: Map<string, Uint8Array>;
}

/** Known columns by their lower-case name: a header's case does not matter ('ExternalID', 'price'). */
const COLUMN_BY_LOWER = new Map<string, string>(FEED_COLUMNS.map((c) => [c.column.toLowerCase(), c.column]));
const columnName = (header: string) => COLUMN_BY_LOWER.get(header.trim().toLowerCase()) ?? header.trim();

const PHOTO_EXTENSIONS = /\.(jpe?g|png|webp|heic|heif)$/i;
const invalid = (message: string) => new DomainError('invalid', message, { field: 'feed' });

/** A photo's name as a row names it and the zip holds it: its base name, lower case. */
export const photoKey = (name: string) => (name.split(/[\\/]/).pop() ?? name).trim().toLowerCase();

/**
 * Reads an uploaded feed: a zip (the feed and its photos), JSON (an array of cars, or `{cars: [...]}`) or CSV
 * (UTF-8, a header row, comma or semicolon), told apart by their content. A file that is not a feed is a 400 on
 * `feed`; a row that is not a car is kept with its error, so the report names it.
 */
export function parseFeed(data: Uint8Array): ParsedFeed {
  if (data.length === 0) throw invalid(FEED_MESSAGES.empty);
  if (data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04) return parseZip(data);
  if (data.length > FEED_LIMITS.fileBytes)
    throw new DomainError('too-large', FEED_MESSAGES.tooLarge, { field: 'feed' });
  return { ...parseText(Buffer.from(data)), photos: new Map() };
}

function parseText(data: Buffer): Omit<ParsedFeed, 'photos'> {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const first = text.trimStart()[0];
  const rows = first === '[' || first === '{' ? parseJson(text) : parseCsvText(text);
  if (rows.length === 0) throw invalid(FEED_MESSAGES.empty);
  if (rows.length > FEED_LIMITS.rows) throw invalid(FEED_MESSAGES.tooManyRows);
  markRepeats(rows);
  return { format: first === '[' || first === '{' ? 'json' : 'csv', rows };
}

function parseCsvText(text: string): FeedRow[] {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      columns: (headers: string[]) => headers.map(columnName),
      delimiter,
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      max_record_size: 64 * 1024,
      to: FEED_LIMITS.rows + 1,
    }) as unknown as typeof records;
  } catch (err) {
    const lines = Number((err as { lines?: unknown }).lines);
    throw invalid(FEED_MESSAGES.unreadableCsv(Number.isFinite(lines) ? lines : 1));
  }
  return records.map(({ record, info }) => ({ n: info.lines, fields: clean(record) }));
}

function parseJson(text: string): FeedRow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(FEED_MESSAGES.unreadableJson);
  }
  const cars = Array.isArray(value) ? value : (value as { cars?: unknown } | null)?.cars;
  if (!Array.isArray(cars)) throw invalid(FEED_MESSAGES.unreadableJson);
  if (cars.length > FEED_LIMITS.rows) throw invalid(FEED_MESSAGES.tooManyRows);
  return cars.map((car, i) => {
    const n = i + 1;
    if (typeof car !== 'object' || car === null || Array.isArray(car)) {
      return { n, fields: {}, error: { row: n, message: FEED_MESSAGES.notAnObject } };
    }
    const fields: Record<string, string> = {};
    for (const [key, v] of Object.entries(car as Record<string, unknown>)) {
      // Lists (equipment, photos) as the CSV writes them: joined by commas.
      if (Array.isArray(v)) fields[columnName(key)] = v.filter((x) => typeof x === 'string').join(',');
      else if (typeof v === 'string' || typeof v === 'number') fields[columnName(key)] = String(v);
    }
    return { n, fields: clean(fields) };
  });
}

/** Values trimmed, empty ones dropped, U+0000 removed (PostgreSQL text cannot hold it); known columns only. */
function clean(record: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { column } of FEED_COLUMNS) {
    const v = record[column];
    if (typeof v !== 'string') continue;
    const value = v.replaceAll('\u0000', '').trim();
    if (value !== '') out[column] = value;
  }
  return out;
}

/**
 * A car twice in one feed would be written twice, the second time over the first: the later row of a repeated
 * externalId or registration number is refused.
 */
function markRepeats(rows: FeedRow[]): void {
  const ids = new Set<string>();
  const numbers = new Set<string>();
  for (const row of rows) {
    if (row.error) continue;
    const id = row.fields.externalId;
    const number = normalizeRegistrationNumber(row.fields.registrationNumber ?? '');
    if (id !== undefined && ids.has(id)) {
      row.error = { row: row.n, field: 'externalId', message: FEED_MESSAGES.duplicateExternalId };
    } else if (number !== '' && numbers.has(number)) {
      row.error = { row: row.n, field: 'registrationNumber', message: 'registreringsnumret finns på en tidigare rad' };
    }
    if (id !== undefined) ids.add(id);
    if (number !== '') numbers.add(number);
  }
}

function parseZip(data: Uint8Array): ParsedFeed {
  if (data.length > FEED_LIMITS.zipBytes) throw new DomainError('too-large', FEED_MESSAGES.tooLarge, { field: 'feed' });
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, {
      // Only the feed and photos, each within its limit, as the directory states their sizes.
      filter: (file) => {
        if (file.name.endsWith('/') || file.name.split('/').some((p) => p.startsWith('.') || p === '__MACOSX')) {
          return false;
        }
        const isFeed = /\.(csv|json)$/i.test(file.name);
        const isPhoto = PHOTO_EXTENSIONS.test(file.name);
        if (!isFeed && !isPhoto) return false;
        if (file.originalSize > (isFeed ? FEED_LIMITS.fileBytes : MAX_IMAGE_BYTES)) return false;
        total += file.originalSize;
        if (total > 4 * FEED_LIMITS.zipBytes) throw invalid(FEED_MESSAGES.tooLarge);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw invalid(FEED_MESSAGES.zipUnreadable);
  }
  const feeds = Object.keys(files).filter((name) => /\.(csv|json)$/i.test(name));
  if (feeds.length !== 1) throw invalid(FEED_MESSAGES.zipFeed);
  const photos = new Map<string, Uint8Array>();
  for (const [name, bytes] of Object.entries(files)) {
    if (PHOTO_EXTENSIONS.test(name)) photos.set(photoKey(name), bytes);
  }
  return { ...parseText(Buffer.from(files[feeds[0]!]!)), photos };
}

/** A row's photos: URLs or a zip's file names, separated by commas, semicolons, '|' or white space. */
export const splitPhotos = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[\s,;|]+/)
    .map((x) => x.trim())
    .filter((x) => x !== '');
