import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

export interface Argon2Params {
  /** KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's minimum for argon2id: m = 19 MiB, t = 2, p = 1. */
export const OWASP_ARGON2_PARAMS: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  hash(plain: string): Promise<string>;
  verify(passwordHash: string, plain: string): Promise<boolean>;
  /** Spends the time of one verification, for unknown users: no timing hint that an email is unknown. */
  burn(plain: string): Promise<false>;
}

// Algorithm.Argon2id: the enum is an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2 as Algorithm;

// The same password typed on two keyboards may arrive composed or decomposed: hash one form.
const normalize = (plain: string) => plain.normalize('NFC');

export function createPasswordHasher(params: Argon2Params = OWASP_ARGON2_PARAMS): PasswordHasher {
  let dummy: Promise<string> | null = null;
  const hashOne = (plain: string) => hash(normalize(plain), { algorithm: ARGON2ID, ...params });
  const verifyOne = async (passwordHash: string, plain: string) => {
    try {
      return await verify(passwordHash, normalize(plain));
    } catch {
      return false; // a malformed stored hash never logs anybody in
    }
  };
  return {
    hash: hashOne,
    verify: verifyOne,
    async burn(plain) {
      dummy ??= hashOne(randomBytes(16).toString('hex'));
      await verifyOne(await dummy, plain);
      return false;
    },
  };
}

const defaultHasher = createPasswordHasher();

/** argon2id with OWASP parameters; the demo seed uses this too. */
export function hashPassword(plain: string): Promise<string> {
  return defaultHasher.hash(plain);
}

export function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  return defaultHasher.verify(passwordHash, plain);
}

/** Verifies against a dummy hash with the default parameters and answers false. */
export function burnVerification(plain: string): Promise<false> {
  return defaultHasher.burn(plain);
}
