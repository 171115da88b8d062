import { createPrivateKey } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { FormatRegistry, KindGuard, type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DEFAULT_MAIL_FROM } from '@bilmarknaden/identity/mail/mailer';
import { DEFAULT_REGISTRATION_RATE_LIMIT } from '@bilmarknaden/identity/services/registration-service';

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/** Proxies on this host or a private network: their X-Forwarded-For is the client's address. */
export const DEFAULT_TRUSTED_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

/** One photo worker per core but one, from 1 to 8: the core left keeps its caches for the server (decision 011). */
export function defaultPhotoWorkers(cores = os.availableParallelism()): number {
  return Math.min(8, Math.max(1, cores - 1));
}
export const MAX_PHOTO_WORKERS = 64;
/** Two PostgreSQL connections per core, from 4 to 10 (decision 023). */
export function defaultDatabasePoolSize(cores = os.availableParallelism()): number {
  return Math.min(10, Math.max(4, 2 * cores));
}
export const MAX_DATABASE_POOL_SIZE = 1000;
/** The setting can raise the registration limit but never switch it off. */
export const MAX_REGISTRATION_RATE_LIMIT = 1_000_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
/** An address, or a name and <address>, on one line: it becomes a mail header. */
const MAIL_FROM = /^(?:[^\p{Cc}<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/u;
/** http(s), a host, maybe a port and a path; no credentials, query, fragment or trailing slash. */
const PUBLIC_URL = /^https?:\/\/[^/?#@\s]+(?:\/[^?#\s]*[^/?#\s])?$/;

/** Checked before any database opens: a damaged or non-Ed25519 signing key stops the start at once. */
function signingKeyProblem(pem: string): string | undefined {
  if (!pem.includes('-----BEGIN PRIVATE KEY-----')) {
    return 'must be an Ed25519 private key in PKCS#8 PEM form (-----BEGIN PRIVATE KEY-----)';
  }
  try {
    const type = createPrivateKey({ key: pem, format: 'pem' }).asymmetricKeyType;
    return type === 'ed25519' ? undefined : `must be an Ed25519 key, not ${type}`;
  } catch {
    return 'is not a readable PKCS#8 PEM private key';
  }
}

// What a JSON schema cannot say, as named string formats.
const urlOf = (value: string, ...protocols: string[]) =>
  URL.canParse(value) && protocols.includes(new URL(value).protocol);
FormatRegistry.Set('postgres-url', (value) => urlOf(value, 'postgres:', 'postgresql:'));
FormatRegistry.Set('http-url', (value) => urlOf(value, 'http:', 'https:'));
FormatRegistry.Set('smtp-url', (value) => urlOf(value, 'smtp:', 'smtps:') && new URL(value).hostname !== '');
FormatRegistry.Set('public-url', (value) => PUBLIC_URL.test(value) && URL.canParse(value));
FormatRegistry.Set('ed25519-pem', (value) => signingKeyProblem(value) === undefined);

// Each setting names its variable (`env`) and, after that name, what is wrong with a bad value (`problem`).
// A `default` may be a function of the settings read before it.
type Fallback<T> = T | ((before: never) => T);
const whole = (env: string, minimum: number, maximum: number, fallback: Fallback<number>) =>
  Type.Integer({
    env,
    minimum,
    maximum,
    default: fallback,
    problem: `must be a whole number from ${minimum} to ${maximum}`,
  });
const yesNo = (env: string, fallback: Fallback<boolean>) =>
  Type.Boolean({ env, default: fallback, problem: 'must be true or false' });
const text = (env: string, fallback?: string) => Type.String({ env, default: fallback });
/** URLs may hold a password: their value is never repeated in a problem. */
const url = (env: string, format: string, protocols: string) =>
  Type.Optional(Type.String({ env, format, secret: true, problem: `must be a URL starting with ${protocols}` }));

/** Every setting: the environment variable it is read from, its type, range and default. */
function settingsSchema(defaults: { port: number; repoRoot: string }, production: boolean) {
  return Type.Object({
    port: whole('PORT', 0, 65535, defaults.port),
    host: text('HOST', '0.0.0.0'),
    dataDir: text('DATA_DIR', './data'),
    databaseUrl: url('DATABASE_URL', 'postgres-url', 'postgres:// or postgresql://'),
    /** PostgreSQL connections kept open at most (PGlite is one connection). */
    databasePoolSize: whole('DATABASE_POOL_SIZE', 1, MAX_DATABASE_POOL_SIZE, defaultDatabasePoolSize()),
    /** Off in production unless asked for; even then without the demo moderator and administrator. */
    seedDemo: yesNo('SEED_DEMO', !production),
    /** NODE_ENV=production. */
    production: Type.Boolean({ default: production }),
    logLevel: Type.Union(
      LOG_LEVELS.map((level) => Type.Literal(level)),
      { env: 'LOG_LEVEL', default: 'info', problem: `must be one of ${LOG_LEVELS.join(', ')}` },
    ),
    /** `\n` escapes allowed. */
    jwtPrivateKey: Type.Optional(
      Type.String({ env: 'JWT_PRIVATE_KEY', format: 'ed25519-pem', secret: true, problem: signingKeyProblem }),
    ),
    tokenTtlSeconds: whole('TOKEN_TTL_SECONDS', 60, 7 * 24 * 3600, 3600),
    /** New accounts per client address in an hour (each costs an argon2 hash); refused with 429 beyond it. */
    registrationRateLimit: whole(
      'REGISTRATION_RATE_LIMIT',
      1,
      MAX_REGISTRATION_RATE_LIMIT,
      DEFAULT_REGISTRATION_RATE_LIMIT.perAddress,
    ),
    /** Inventory alone: where identity publishes its public key. */
    identityJwksUrl: url('IDENTITY_JWKS_URL', 'http-url', 'http:// or https://'),
    /** The secret the processes of one deployment call each other's internal routes with; without it they answer 404. */
    internalApiKey: Type.Optional(
      Type.String({ env: 'INTERNAL_API_KEY', minLength: 32, secret: true, problem: 'must be at least 32 characters' }),
    ),
    /** A service running alone: identity's origin, for notifications and token revocations (with INTERNAL_API_KEY). */
    identityUrl: url('IDENTITY_URL', 'http-url', 'http:// or https://'),
    /** Messaging alone: inventory's base URL, where it reads ads through the public API. */
    inventoryUrl: url('INVENTORY_URL', 'http-url', 'http:// or https://'),
    /** Given when S3_BUCKET is. */
    s3: Type.Optional(
      Type.Object({
        bucket: text('S3_BUCKET'),
        endpoint: url('S3_ENDPOINT', 'http-url', 'http:// or https://'),
        region: text('S3_REGION', 'us-east-1'),
        accessKeyId: Type.Optional(text('S3_ACCESS_KEY_ID')),
        secretAccessKey: Type.Optional(text('S3_SECRET_ACCESS_KEY')),
        forcePathStyle: yesNo('S3_FORCE_PATH_STYLE', (s3: { endpoint?: string }) => Boolean(s3.endpoint)),
        prefix: Type.Optional(text('S3_PREFIX')),
      }),
    ),
    corsOrigins: Type.Array(Type.String({ pattern: '^https?://[^/]+$' }), {
      env: 'CORS_ORIGINS',
      default: [],
      problem: 'must be a comma list of origins like https://example.se',
    }),
    /** The built SPA. */
    webDist: text('WEB_DIST', path.join(defaults.repoRoot, 'apps/web/dist')),
    /** The whole request must arrive within this: slow uploads and slow clients are cut off. */
    requestTimeoutMs: whole('REQUEST_TIMEOUT_MS', 1000, 3_600_000, 60_000),
    /** The request headers must arrive within this (slowloris). */
    headersTimeoutMs: whole('HEADERS_TIMEOUT_MS', 1000, 600_000, (s: { requestTimeoutMs: number }) =>
      Math.min(20_000, s.requestTimeoutMs),
    ),
    /** Whose X-Forwarded-For is believed for the client address; never everyone's (a client would pick its own). */
    trustProxy: Type.Union(
      [
        Type.Literal(false),
        Type.Integer({ minimum: 0, maximum: 99 }),
        Type.Array(Type.String({ pattern: '^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(/\\d{1,3})?)$' }), {
          minItems: 1,
        }),
      ],
      {
        env: 'TRUST_PROXY',
        default: production ? DEFAULT_TRUSTED_PROXIES : false,
        problem: 'must be false, a number of proxy hops or a comma list of proxy addresses/CIDRs',
      },
    ),
    /** Low-priority child processes that re-encode photos, so uploads do not slow other requests; 0: in process. */
    photoWorkers: whole('PHOTO_WORKERS', 0, MAX_PHOTO_WORKERS, defaultPhotoWorkers()),
    /** 'idle': photo workers take only the CPU the server leaves; 'normal' on a machine that is never idle. */
    photoWorkerPriority: Type.Union([Type.Literal('idle'), Type.Literal('normal')], {
      env: 'PHOTO_WORKER_PRIORITY',
      default: 'idle',
      problem: 'must be idle or normal',
    }),
    /** Where new ads' cars are looked up (decision 051): the local table, or an HTTP provider at VEHICLE_REGISTER_URL. */
    vehicleRegister: Type.Union([Type.Literal('local'), Type.Literal('http')], {
      env: 'VEHICLE_REGISTER',
      default: 'local',
      problem: 'must be local or http',
    }),
    vehicleRegisterUrl: url('VEHICLE_REGISTER_URL', 'http-url', 'http:// or https://'),
    /** Who verifies a person (decision 056): the local test verifier, or BankID's relying-party API. */
    identityVerifier: Type.Union([Type.Literal('local'), Type.Literal('bankid')], {
      env: 'IDENTITY_VERIFIER',
      default: 'local',
      problem: 'must be local or bankid',
    }),
    /** The relying party's certificate for BankID (a .p12/.pfx file) and its passphrase. */
    bankIdPfxPath: Type.Optional(text('BANKID_PFX_PATH')),
    /** Dealers for the browser journeys (server/src/test-dealer-directory.ts); ignored in production. */
    testDealers: Type.Optional(text('TEST_DEALERS')),
    bankIdPassphrase: Type.Optional(Type.String({ env: 'BANKID_PASSPHRASE', secret: true })),
    /** BankID's production environment; its test environment otherwise. */
    bankIdProduction: yesNo('BANKID_PRODUCTION', production),
    /** What needs 'Verifierad med BankID': `publish` (new ads), `message` (new conversations); nothing by default. */
    verificationRequired: Type.Array(Type.Union([Type.Literal('publish'), Type.Literal('message')]), {
      env: 'VERIFICATION_REQUIRED',
      default: [],
      problem: 'must be a comma list of publish and message',
    }),
    /** Without it, mails are files in `$DATA_DIR/mail-outbox`. */
    smtpUrl: Type.Optional(
      Type.String({
        env: 'SMTP_URL',
        format: 'smtp-url',
        secret: true,
        problem: 'must be an smtp:// or smtps:// URL naming a host',
      }),
    ),
    mailFrom: Type.RegExp(MAIL_FROM, {
      env: 'MAIL_FROM',
      default: DEFAULT_MAIL_FROM,
      problem: 'must be an address like no-reply@example.se or Name <no-reply@example.se>, on one line',
    }),
    /** The site's address as users reach it: links in mails start with it. */
    publicUrl: Type.String({
      env: 'PUBLIC_URL',
      format: 'public-url',
      default: (s: { port: number }) => `http://localhost:${s.port}`,
      problem:
        "must be the site's address as users reach it, like https://bilmarknaden.se: http or https, without a trailing slash, query or fragment",
    }),
  });
}

export type Settings = Static<ReturnType<typeof settingsSchema>>;

const WORDS = new Map(Object.entries({ true: true, 1: true, yes: true, false: false, 0: false, no: false }));

/** A variable's text as its schema's type. Strict: TypeBox's Value.Convert would take "2.5" as the whole number 2. */
function fromEnv(schema: TSchema, raw: string): unknown {
  if (KindGuard.IsInteger(schema)) return Number(raw);
  if (KindGuard.IsBoolean(schema) || KindGuard.IsLiteralBoolean(schema))
    return WORDS.get(raw.trim().toLowerCase()) ?? raw;
  if (KindGuard.IsArray(schema)) return raw.split(',').flatMap((entry) => entry.trim() || []);
  if (KindGuard.IsUnion(schema)) {
    for (const member of schema.anyOf) {
      const value = fromEnv(member, raw);
      if (Value.Check(member, value)) return value;
    }
  }
  return raw;
}

/** Reads an object's settings in order; a wrong value is listed and its default stands in, so later checks run. */
function read(schema: TObject, env: NodeJS.ProcessEnv, problems: string[]): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [key, property] of Object.entries<TSchema>(schema.properties)) {
    if (KindGuard.IsObject(property)) {
      const inner = read(property, env, problems);
      settings[key] = Value.Check(property, inner) ? inner : undefined;
      continue;
    }
    const raw = property.env === undefined ? undefined : env[property.env];
    let value = raw?.trim() ? fromEnv(property, raw) : undefined;
    if (value !== undefined && !Value.Check(property, value)) {
      const problem = typeof property.problem === 'function' ? property.problem(value) : property.problem;
      problems.push(`${property.env} ${problem}${property.secret ? '' : ` (got ${JSON.stringify(raw)})`}`);
      value = undefined;
    }
    const fallback = typeof property.default === 'function' ? property.default(settings) : property.default;
    settings[key] = value ?? Value.Clone(fallback);
  }
  return settings;
}

/** Reads and checks every setting at boot; all problems are reported at once. An empty variable is unset. */
export function loadSettings(env: NodeJS.ProcessEnv, defaults: { port: number; repoRoot: string }): Settings {
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  const jwtPrivateKey = env.JWT_PRIVATE_KEY?.replace(/\\n/g, '\n');
  const s = read(
    settingsSchema(defaults, production),
    { ...env, JWT_PRIVATE_KEY: jwtPrivateKey },
    problems,
  ) as Settings;

  const crossChecks: [unknown, string][] = [
    [s.headersTimeoutMs > s.requestTimeoutMs, 'HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS'],
    [
      s.s3 && Boolean(s.s3.accessKeyId) !== Boolean(s.s3.secretAccessKey),
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be given together',
    ],
    [!s.s3 && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID), 'S3_BUCKET is required when other S3_* settings are given'],
    [
      s.vehicleRegister === 'http' && !s.vehicleRegisterUrl,
      'VEHICLE_REGISTER_URL is required when VEHICLE_REGISTER=http',
    ],
    [
      s.identityVerifier === 'bankid' && !(s.bankIdPfxPath && s.bankIdPassphrase),
      'BANKID_PFX_PATH and BANKID_PASSPHRASE are required when IDENTITY_VERIFIER=bankid',
    ],
    [
      production && !s.jwtPrivateKey,
      'JWT_PRIVATE_KEY is required when NODE_ENV=production (a key generated into DATA_DIR is for development)',
    ],
  ];
  problems.push(...crossChecks.filter(([wrong]) => wrong).map(([, problem]) => problem));
  if (problems.length > 0) throw new SettingsError(problems);
  return { ...s, dataDir: path.resolve(s.dataDir), webDist: path.resolve(s.webDist) };
}
