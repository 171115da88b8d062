import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { DEFAULT_REGISTRATION_RATE_LIMIT } from '@bilmarknaden/identity/services/registration-service';
import {
  defaultDatabasePoolSize,
  loadSettings,
  MAX_DATABASE_POOL_SIZE,
  MAX_REGISTRATION_RATE_LIMIT,
  SettingsError,
} from './settings.ts';

const defaults = { port: 3000, repoRoot: '/repo' };

describe('loadSettings', () => {
  it('has working defaults for a newcomer', () => {
    const s = loadSettings({}, defaults);
    expect(s).toMatchObject({ port: 3000, seedDemo: true, production: false, databaseUrl: undefined, s3: undefined });
    expect(s.dataDir).toBe(path.resolve('./data'));
    expect(s.webDist).toBe('/repo/apps/web/dist');
  });

  it('has no demo data in production unless SEED_DEMO asks for it', () => {
    const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(loadSettings({ NODE_ENV: 'production', JWT_PRIVATE_KEY: key }, defaults).seedDemo).toBe(false);
    expect(loadSettings({ NODE_ENV: 'production', JWT_PRIVATE_KEY: key, SEED_DEMO: 'true' }, defaults).seedDemo).toBe(
      true,
    );
  });

  it('reads every setting', () => {
    const s = loadSettings(
      {
        PORT: '8080',
        DATA_DIR: '/tmp/bm',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        SEED_DEMO: 'false',
        S3_BUCKET: 'photos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        CORS_ORIGINS: 'https://bilmarknaden.se, https://www.bilmarknaden.se',
      },
      defaults,
    );
    expect(s).toMatchObject({ port: 8080, dataDir: '/tmp/bm', seedDemo: false });
    expect(s.s3).toMatchObject({ bucket: 'photos', forcePathStyle: true });
    expect(s.corsOrigins).toEqual(['https://bilmarknaden.se', 'https://www.bilmarknaden.se']);
  });

  it('lists every problem at once', () => {
    try {
      loadSettings({ PORT: 'abc', SEED_DEMO: 'kanske', DATABASE_URL: 'mysql://x', S3_ENDPOINT: 'http://x' }, defaults);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(SettingsError);
      const problems = (err as SettingsError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/SEED_DEMO/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/S3_BUCKET/);
    }
  });

  it('takes an empty variable as unset', () => {
    const s = loadSettings({ PORT: ' ', HOST: '', LOG_LEVEL: '', SEED_DEMO: '', TRUST_PROXY: '  ' }, defaults);
    expect(s).toMatchObject({ port: 3000, host: '0.0.0.0', logLevel: 'info', seedDemo: true, trustProxy: false });
  });

  it('never repeats a URL in a problem (it may hold a password), but names the setting', () => {
    for (const [name, value] of [
      ['DATABASE_URL', 'mysql://u:topphemligt@db'],
      ['IDENTITY_JWKS_URL', 'ftp://u:topphemligt@id'],
      ['SMTP_URL', 'smtp://u:topphemligt@'],
      ['IDENTITY_URL', 'ftp://u:topphemligt@id'],
      ['INTERNAL_API_KEY', 'topphemligt-men-kort'],
    ]) {
      expect(() => loadSettings({ [name!]: value }, defaults), name).toThrow(name);
      expect(() => loadSettings({ [name!]: value }, defaults), name).not.toThrow(/topphemligt/);
    }
  });

  it('reads the internal key (32 characters at least) and the URL of identity for services running alone', () => {
    expect(loadSettings({}, defaults)).toMatchObject({ internalApiKey: undefined, identityUrl: undefined });
    const key = 'k'.repeat(32);
    expect(loadSettings({ INTERNAL_API_KEY: key, IDENTITY_URL: 'http://identity:3001' }, defaults)).toMatchObject({
      internalApiKey: key,
      identityUrl: 'http://identity:3001',
    });
    expect(() => loadSettings({ INTERNAL_API_KEY: 'k'.repeat(31) }, defaults)).toThrow(
      'INTERNAL_API_KEY must be at least 32 characters',
    );
  });

  it('refuses an origin list with a path or without a scheme', () => {
    expect(loadSettings({ CORS_ORIGINS: ' , ' }, defaults).corsOrigins).toEqual([]);
    expect(() => loadSettings({ CORS_ORIGINS: 'https://a.se, b.se' }, defaults)).toThrow(
      'CORS_ORIGINS must be a comma list of origins like https://example.se (got "https://a.se, b.se")',
    );
    expect(() => loadSettings({ CORS_ORIGINS: 'https://a.se/' }, defaults)).toThrow(/CORS_ORIGINS/);
  });

  it('refuses to start in production without a signing key, or with a malformed one', () => {
    expect(() => loadSettings({ NODE_ENV: 'production' }, defaults)).toThrow(/JWT_PRIVATE_KEY is required/);
    expect(() => loadSettings({ JWT_PRIVATE_KEY: 'secret' }, defaults)).toThrow(/PKCS#8/);
  });
});

describe('REGISTRATION_RATE_LIMIT', () => {
  const problems = (value: string) => {
    try {
      loadSettings({ REGISTRATION_RATE_LIMIT: value }, defaults);
      return '';
    } catch (err) {
      expect(err).toBeInstanceOf(SettingsError);
      return (err as SettingsError).problems.join('\n');
    }
  };

  it("defaults to identity's limit, 10 new accounts per address in an hour", () => {
    expect(loadSettings({}, defaults).registrationRateLimit).toBe(DEFAULT_REGISTRATION_RATE_LIMIT.perAddress);
    expect(DEFAULT_REGISTRATION_RATE_LIMIT.perAddress).toBe(10);
    expect(loadSettings({ REGISTRATION_RATE_LIMIT: '' }, defaults).registrationRateLimit).toBe(10);
  });

  it('reads a whole number from 1 up', () => {
    expect(loadSettings({ REGISTRATION_RATE_LIMIT: '1' }, defaults).registrationRateLimit).toBe(1);
    expect(loadSettings({ REGISTRATION_RATE_LIMIT: '50' }, defaults).registrationRateLimit).toBe(50);
    const max = String(MAX_REGISTRATION_RATE_LIMIT);
    expect(loadSettings({ REGISTRATION_RATE_LIMIT: max }, defaults).registrationRateLimit).toBe(
      MAX_REGISTRATION_RATE_LIMIT,
    );
  });

  it('refuses 0 (it cannot switch the limit off), negatives, fractions, words and too much, naming the setting', () => {
    for (const value of ['0', '-1', '2.5', 'many', '10/h', String(MAX_REGISTRATION_RATE_LIMIT + 1)]) {
      expect(problems(value), value).toBe(
        `REGISTRATION_RATE_LIMIT must be a whole number from 1 to ${MAX_REGISTRATION_RATE_LIMIT} (got "${value}")`,
      );
    }
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to two connections per core, at least 4 and at most 10', () => {
    expect([1, 2, 3, 4, 5, 64].map((cores) => defaultDatabasePoolSize(cores))).toEqual([4, 4, 6, 8, 10, 10]);
    expect(loadSettings({}, defaults).databasePoolSize).toBe(defaultDatabasePoolSize());
  });

  it('reads a whole number from 1 up and refuses anything else, naming the setting', () => {
    expect(loadSettings({ DATABASE_POOL_SIZE: '1' }, defaults).databasePoolSize).toBe(1);
    expect(loadSettings({ DATABASE_POOL_SIZE: '25' }, defaults).databasePoolSize).toBe(25);
    for (const value of ['0', '-2', '3.5', 'fyra', String(MAX_DATABASE_POOL_SIZE + 1)]) {
      expect(() => loadSettings({ DATABASE_POOL_SIZE: value }, defaults), value).toThrow(
        `DATABASE_POOL_SIZE must be a whole number from 1 to ${MAX_DATABASE_POOL_SIZE} (got "${value}")`,
      );
    }
  });
});

describe('VEHICLE_REGISTER', () => {
  it('is the local table by default', () => {
    const s = loadSettings({}, defaults);
    expect(s.vehicleRegister).toBe('local');
    expect(s.vehicleRegisterUrl).toBeUndefined();
  });

  it('takes an HTTP provider with its URL, and refuses one without it or an unknown provider', () => {
    const s = loadSettings({ VEHICLE_REGISTER: 'http', VEHICLE_REGISTER_URL: 'https://register.example/v1' }, defaults);
    expect(s).toMatchObject({ vehicleRegister: 'http', vehicleRegisterUrl: 'https://register.example/v1' });
    expect(() => loadSettings({ VEHICLE_REGISTER: 'http' }, defaults)).toThrow(
      'VEHICLE_REGISTER_URL is required when VEHICLE_REGISTER=http',
    );
    expect(() => loadSettings({ VEHICLE_REGISTER: 'transportstyrelsen' }, defaults)).toThrow(
      'VEHICLE_REGISTER must be local or http (got "transportstyrelsen")',
    );
    expect(() => loadSettings({ VEHICLE_REGISTER_URL: 'ftp://register.example' }, defaults)).toThrow(
      'VEHICLE_REGISTER_URL must be a URL starting with http:// or https://',
    );
  });
});

describe('IDENTITY_VERIFIER and VERIFICATION_REQUIRED', () => {
  it('verify locally and require nothing by default', () => {
    expect(loadSettings({}, defaults)).toMatchObject({ identityVerifier: 'local', verificationRequired: [] });
  });

  it('take BankID with its certificate, and a list of what needs verification', () => {
    const s = loadSettings(
      {
        IDENTITY_VERIFIER: 'bankid',
        BANKID_PFX_PATH: '/etc/bankid/rp.p12',
        BANKID_PASSPHRASE: 'qwerty123',
        VERIFICATION_REQUIRED: 'publish, message',
      },
      defaults,
    );
    expect(s).toMatchObject({ identityVerifier: 'bankid', bankIdProduction: false });
    expect(s.verificationRequired).toEqual(['publish', 'message']);
    expect(() => loadSettings({ IDENTITY_VERIFIER: 'bankid' }, defaults)).toThrow(
      'BANKID_PFX_PATH and BANKID_PASSPHRASE are required when IDENTITY_VERIFIER=bankid',
    );
    expect(() => loadSettings({ VERIFICATION_REQUIRED: 'publish,login' }, defaults)).toThrow(
      'VERIFICATION_REQUIRED must be a comma list of publish and message (got "publish,login")',
    );
  });
});
