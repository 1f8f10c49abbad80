import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt floor: N=2^17, r=8, p=1 (128 MiB, memory-hard). */
export const PRODUCTION_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Stored as scrypt$N$r$p$salt$hash so the cost can rise without breaking old hashes. */
export function scryptHasher(cost: ScryptCost = PRODUCTION_SCRYPT_COST): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, cost);
      return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, expected] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !expected) return false;
      const expectedKey = Buffer.from(expected, 'base64');
      const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
      return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
    },
  };
}
