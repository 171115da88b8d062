import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { TOKEN_ALGORITHM } from '@bilmarknaden/shared/auth/token';

export interface IdentityKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as published in the JWKS, with kid, alg 'EdDSA' and use 'sig'. */
  publicJwk: JWK;
  kid: string;
}

export interface LoadKeysOptions {
  /** Ed25519 private key, PKCS8 PEM (JWT_PRIVATE_KEY). */
  privateKeyPem?: string;
  /** Without a PEM the key is generated once into `${dataDir}/keys/identity-ed25519.pem`. */
  dataDir?: string;
  /** Production refuses to start without a configured key. */
  production?: boolean;
}

export const KEY_FILE = path.join('keys', 'identity-ed25519.pem');

export async function loadIdentityKeys(opts: LoadKeysOptions): Promise<IdentityKeys> {
  if (opts.privateKeyPem) return keysFromPem(opts.privateKeyPem);
  if (opts.production) {
    throw new Error(
      'No identity signing key is configured: set JWT_PRIVATE_KEY to an Ed25519 private key (PKCS8 PEM) in production.',
    );
  }
  if (!opts.dataDir) return keysFromPrivate(generateKeyPairSync('ed25519').privateKey);
  return keysFromPem(await readOrCreateKeyFile(path.join(opts.dataDir, KEY_FILE)));
}

async function readOrCreateKeyFile(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  try {
    // 'wx': when two processes start together, one writes and both read the same key.
    await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
    return pem;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFile(file, 'utf8');
  }
}

function keysFromPem(pem: string): Promise<IdentityKeys> {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: pem, format: 'pem' });
  } catch (err) {
    throw new Error('The identity signing key is not a readable PKCS8 PEM private key.', { cause: err });
  }
  return keysFromPrivate(privateKey);
}

async function keysFromPrivate(privateKey: KeyObject): Promise<IdentityKeys> {
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`The identity signing key must be Ed25519, not ${privateKey.asymmetricKeyType ?? 'unknown'}.`);
  }
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicKey, kid, publicJwk: { ...jwk, kid, alg: TOKEN_ALGORITHM, use: 'sig' } };
}
