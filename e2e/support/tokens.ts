import { randomUUID, createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// Tokens with a chosen lifetime, signed with the test server's own identity key (generated into
// DATA_DIR/keys on its first start), so the session journeys need not wait an hour for an expiry.

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function signToken(username: string, role: number, iatSeconds: number, expSeconds: number): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const key = createPrivateKey(readFileSync(path.join(dataDir, 'keys', 'identity-ed25519.pem'), 'utf8'));
  const header = b64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({
      role,
      sub: username,
      iss: 'bilmarknaden-identity',
      aud: 'bilmarknaden',
      iat: iatSeconds,
      exp: expSeconds,
      jti: randomUUID(),
    }),
  );
  const signature = sign(null, Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${b64url(signature)}`;
}

export function tokenExp(token: string): number {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number }).exp;
}
