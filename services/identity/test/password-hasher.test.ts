import { describe, expect, it } from 'vitest';
import {
  burnVerification,
  createPasswordHasher,
  hashPassword,
  OWASP_ARGON2_PARAMS,
  verifyPassword,
} from '../src/services/password-hasher.ts';

describe('password hasher', () => {
  it('hashes with argon2id at OWASP parameters by default', async () => {
    expect(OWASP_ARGON2_PARAMS.memoryCost).toBeGreaterThanOrEqual(19_456);
    const hash = await hashPassword('rätt-lösenord');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'rätt-lösenord')).toBe(true);
    expect(await verifyPassword(hash, 'fel-lösenord')).toBe(false);
  });

  it('burns a verification for unknown users and answers false', async () => {
    expect(await burnVerification('vad-som-helst')).toBe(false);
  });

  const fast = createPasswordHasher({ memoryCost: 256, timeCost: 1, parallelism: 1 });

  it('treats composed and decomposed Unicode as the same password', async () => {
    const hash = await fast.hash('Ångström😀'.normalize('NFD'));
    expect(await fast.verify(hash, 'Ångström😀'.normalize('NFC'))).toBe(true);
  });

  it('salts every hash and verifies hashes made with other parameters', async () => {
    const a = await fast.hash('samma-lösenord');
    expect(await fast.hash('samma-lösenord')).not.toBe(a);
    expect(await fast.verify(await hashPassword('seedat-lösen'), 'seedat-lösen')).toBe(true);
  });

  it('a malformed stored hash never verifies', async () => {
    expect(await fast.verify('not-a-hash', 'vad-som-helst')).toBe(false);
    expect(await fast.burn('x')).toBe(false);
  });
});
