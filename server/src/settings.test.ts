import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadSettings, SettingsError } from './settings.ts';

const defaults = { port: 3000, repoRoot: '/repo' };

describe('loadSettings', () => {
  it('has working defaults for a newcomer', () => {
    const s = loadSettings({}, defaults);
    expect(s).toMatchObject({ port: 3000, seedDemo: true, production: false, databaseUrl: undefined, s3: undefined });
    expect(s.dataDir).toBe(path.resolve('./data'));
    expect(s.webDist).toBe('/repo/apps/web/dist');
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

  it('refuses to start in production without a signing key, or with a malformed one', () => {
    expect(() => loadSettings({ NODE_ENV: 'production' }, defaults)).toThrow(/JWT_PRIVATE_KEY is required/);
    expect(() => loadSettings({ JWT_PRIVATE_KEY: 'secret' }, defaults)).toThrow(/PKCS#8/);
  });
});
