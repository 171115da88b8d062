import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_FILE, loadIdentityKeys } from '../src/keys.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'identity-keys-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('loadIdentityKeys', () => {
  it('generates the key once into the data folder (mode 0600) and reuses it', async () => {
    const first = await loadIdentityKeys({ dataDir: dir });
    const file = path.join(dir, KEY_FILE);
    expect(file).toBe(path.join(dir, 'keys', 'identity-ed25519.pem'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const pem = await readFile(file, 'utf8');
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const second = await loadIdentityKeys({ dataDir: dir });
    expect(second.kid).toBe(first.kid);
    expect(second.publicJwk).toEqual(first.publicJwk);
    expect(await readFile(file, 'utf8')).toBe(pem);
  });

  it('processes starting together end up with the same key', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => loadIdentityKeys({ dataDir: dir })));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
  });

  it('uses a configured PKCS8 PEM', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const a = await loadIdentityKeys({ privateKeyPem: pem, dataDir: dir, production: true });
    const b = await loadIdentityKeys({ privateKeyPem: pem });
    expect(a.kid).toBe(b.kid);
    expect(a.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: a.kid });
    expect(a.publicJwk).not.toHaveProperty('d');
    await expect(stat(path.join(dir, KEY_FILE))).rejects.toThrow(); // nothing written
  });

  it('without a data folder keeps a fresh key in memory', async () => {
    const [a, b] = await Promise.all([loadIdentityKeys({}), loadIdentityKeys({})]);
    expect(a.kid).not.toBe(b.kid);
    expect(a.privateKey.asymmetricKeyType).toBe('ed25519');
  });

  it('refuses to start in production without a configured key', async () => {
    await expect(loadIdentityKeys({ production: true, dataDir: dir })).rejects.toThrow(/JWT_PRIVATE_KEY/);
  });

  it('refuses a key that is not Ed25519 or not a PEM', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await expect(loadIdentityKeys({ privateKeyPem: pem })).rejects.toThrow(/Ed25519/);
    await expect(loadIdentityKeys({ privateKeyPem: 'not a key' })).rejects.toThrow(/PEM/);
  });
});
