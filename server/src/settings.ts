import { createPrivateKey } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MAIL_FROM } from '@bilmarknaden/identity/mail/mailer';
import { DEFAULT_REGISTRATION_RATE_LIMIT } from '@bilmarknaden/identity/services/registration-service';
import type { S3StorageOptions } from '@bilmarknaden/inventory/storage/s3-storage';

/** The photo store's S3 settings: the store's own options, less the page size its tests set. */
export type S3Settings = Omit<S3StorageOptions, 'listPageSize'>;

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections this process keeps open at most (DATABASE_URL only; PGlite is one connection). */
  databasePoolSize: number;
  seedDemo: boolean;
  production: boolean;
  logLevel: string;
  jwtPrivateKey?: string;
  tokenTtlSeconds: number;
  /** New accounts per client address in an hour (each costs an argon2 hash); refused with 429 beyond it. */
  registrationRateLimit: number;
  /** Inventory alone: where identity publishes its public key. */
  identityJwksUrl?: string;
  s3?: S3Settings;
  corsOrigins: string[];
  /** The built SPA (apps/web/dist). */
  webDist: string;
  /** Whole request (headers and body) must arrive within this; slow uploads and slow clients are cut off. */
  requestTimeoutMs: number;
  /** The request headers must arrive within this (slowloris); at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /**
   * Which proxies' X-Forwarded-For is believed for the client address (login rate limit): false, a number
   * of hops, or addresses/CIDRs. Never "trust everyone": a client could then pick its own address.
   */
  trustProxy: false | number | string[];
  /**
   * Child processes that check and re-encode photos at the lowest CPU priority, so uploads do not slow other
   * requests; 0 processes photos in the server process itself.
   */
  photoWorkers: number;
  /** Mail goes over SMTP to this smtp:// or smtps:// server; without it, into `$DATA_DIR/mail-outbox` as files. */
  smtpUrl?: string;
  /** The sender of every mail. */
  mailFrom: string;
  /** The site's address as users reach it, without a trailing slash: links in mails start with it. */
  publicUrl: string;
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/** Proxies on this host or a private network: their X-Forwarded-For is the client's address. */
export const DEFAULT_TRUSTED_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];
const PROXY_ENTRY = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/;

/**
 * TRUST_PROXY: false, a hop count, or a comma list of addresses/CIDRs (and loopback, linklocal,
 * uniquelocal). Default: the private ranges in production, false otherwise. `true` (believe any
 * X-Forwarded-For) is refused: every client could then choose the address the login limit counts.
 */
function trustProxySetting(
  raw: string | undefined,
  production: boolean,
  problems: string[],
): false | number | string[] {
  const value = raw?.trim();
  if (value === undefined || value === '') return production ? DEFAULT_TRUSTED_PROXIES : false;
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every((e) => PROXY_ENTRY.test(e))) {
    problems.push(
      `TRUST_PROXY must be false, a number of proxy hops or a comma list of proxy addresses/CIDRs (got "${raw}")`,
    );
    return false;
  }
  return entries;
}

/** MAIL_FROM: an address, or a display name and <address>; no line breaks or control characters (mail headers). */
const MAIL_FROM_PATTERN = /^(?:[^\p{Cc}<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/u;
/** PUBLIC_URL: http(s), a host, maybe a port and a path; no credentials, query, fragment or trailing slash. */
const PUBLIC_URL_PATTERN = /^https?:\/\/[^/?#@\s]+(?:\/[^?#\s]*[^/?#\s])?$/;

/** PUBLIC_URL, checked; by default the process's own port on localhost (development). */
function publicUrlSetting(raw: string | undefined, port: number, problems: string[]): string {
  if (raw === undefined || raw === '') return `http://localhost:${port}`;
  if (!PUBLIC_URL_PATTERN.test(raw) || !URL.canParse(raw)) {
    problems.push(
      `PUBLIC_URL must be the site's address as users reach it, like https://bilmarknaden.se: http or https, without a trailing slash, query or fragment (got "${raw}")`,
    );
  }
  return raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * PHOTO_WORKERS by default: one per core but one, from 1 to 8. The core left over keeps the server's own thread
 * (HTTP, the embedded database) off caches that decoding 12-megapixel photos fills: on 2 cores with 4 ads
 * uploading, list p99 at 50 connections was 1.7–2.4 × idle with two workers and about 1.5 × with one (decision 011).
 */
export function defaultPhotoWorkers(cores = os.availableParallelism()): number {
  return Math.min(8, Math.max(1, cores - 1));
}
export const MAX_PHOTO_WORKERS = 64;
/**
 * DATABASE_POOL_SIZE by default: two connections per core, from 4 to 10. On 2 cores with PostgreSQL on the same
 * machine, 4 connections answered lists at 50 clients with a lower p99 than 10 (deep window 24 against 41 ms,
 * partial word 32 against 39 ms) and 2 or 3 with less throughput (decision 023).
 */
export function defaultDatabasePoolSize(cores = os.availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores));
}
export const MAX_DATABASE_POOL_SIZE = 1000;
/** REGISTRATION_RATE_LIMIT runs from 1 to this: the setting can raise the limit but never switch it off. */
export const MAX_REGISTRATION_RATE_LIMIT = 1_000_000;

/** Reads and checks every setting at boot; all problems are reported at once. */
export function loadSettings(env: NodeJS.ProcessEnv, defaults: { port: number; repoRoot: string }): Settings {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['true', '1', 'yes'].includes(raw)) return true;
    if (['false', '0', 'no'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${env[name]}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = env[name];
    if (!raw) return undefined;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) problems.push(`${name} must start with ${protocols.join(' or ')}`);
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return raw;
  };

  const production = env.NODE_ENV === 'production';
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const jwtPrivateKey = env.JWT_PRIVATE_KEY?.replace(/\\n/g, '\n');
  if (jwtPrivateKey && !jwtPrivateKey.includes('-----BEGIN PRIVATE KEY-----')) {
    problems.push('JWT_PRIVATE_KEY must be an Ed25519 private key in PKCS#8 PEM form (-----BEGIN PRIVATE KEY-----)');
  } else if (jwtPrivateKey) {
    // Checked here, before any database is opened: a damaged or non-Ed25519 key stops the start at once.
    let type: string | undefined;
    try {
      type = createPrivateKey({ key: jwtPrivateKey, format: 'pem' }).asymmetricKeyType;
    } catch {
      problems.push('JWT_PRIVATE_KEY is not a readable PKCS#8 PEM private key');
    }
    if (type !== undefined && type !== 'ed25519') {
      problems.push(`JWT_PRIVATE_KEY must be an Ed25519 key, not ${type}`);
    }
  }

  let s3: S3Settings | undefined;
  if (env.S3_BUCKET) {
    s3 = {
      bucket: env.S3_BUCKET,
      endpoint: url('S3_ENDPOINT', ['http:', 'https:']),
      region: env.S3_REGION ?? 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: bool('S3_FORCE_PATH_STYLE', Boolean(env.S3_ENDPOINT)),
      prefix: env.S3_PREFIX,
    };
    if (Boolean(s3.accessKeyId) !== Boolean(s3.secretAccessKey)) {
      problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be given together');
    }
  } else if (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID) {
    problems.push('S3_BUCKET is required when other S3_* settings are given');
  }

  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin))
      problems.push(`CORS_ORIGINS entry "${origin}" must be an origin like https://example.se`);
  }

  const port = int('PORT', defaults.port, 0, 65535);
  // SMTP_URL's value is never repeated in a problem: it may hold the SMTP password.
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:']);
  if (smtpUrl && URL.canParse(smtpUrl) && new URL(smtpUrl).hostname === '') problems.push('SMTP_URL must name a host');
  const mailFrom = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  if (!MAIL_FROM_PATTERN.test(mailFrom)) {
    problems.push('MAIL_FROM must be an address like no-reply@example.se or Name <no-reply@example.se>, on one line');
  }
  const publicUrl = publicUrlSetting(env.PUBLIC_URL, port, problems);

  const requestTimeoutMs = int('REQUEST_TIMEOUT_MS', 60_000, 1000, 3_600_000);
  const headersTimeoutMs = int('HEADERS_TIMEOUT_MS', Math.min(20_000, requestTimeoutMs), 1000, 600_000);
  if (headersTimeoutMs > requestTimeoutMs) problems.push('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');

  const settings: Settings = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: int('DATABASE_POOL_SIZE', defaultDatabasePoolSize(), 1, MAX_DATABASE_POOL_SIZE),
    seedDemo: bool('SEED_DEMO', true),
    production,
    logLevel,
    jwtPrivateKey,
    tokenTtlSeconds: int('TOKEN_TTL_SECONDS', 3600, 60, 7 * 24 * 3600),
    registrationRateLimit: int(
      'REGISTRATION_RATE_LIMIT',
      DEFAULT_REGISTRATION_RATE_LIMIT.perAddress,
      1,
      MAX_REGISTRATION_RATE_LIMIT,
    ),
    identityJwksUrl: url('IDENTITY_JWKS_URL', ['http:', 'https:']),
    s3,
    corsOrigins,
    webDist: path.resolve(env.WEB_DIST || path.join(defaults.repoRoot, 'apps/web/dist')),
    requestTimeoutMs,
    headersTimeoutMs,
    trustProxy: trustProxySetting(env.TRUST_PROXY, production, problems),
    photoWorkers: int('PHOTO_WORKERS', defaultPhotoWorkers(), 0, MAX_PHOTO_WORKERS),
    smtpUrl,
    mailFrom,
    publicUrl,
  };
  if (production && !settings.jwtPrivateKey) {
    problems.push(
      'JWT_PRIVATE_KEY is required when NODE_ENV=production (a key generated into DATA_DIR is for development)',
    );
  }
  if (problems.length > 0) throw new SettingsError(problems);
  return settings;
}
