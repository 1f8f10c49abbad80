import { markMoment } from '../timing.ts';

/** OWASP's PBKDF2-SHA-256 figure; used when the device can derive it in about half a second. */
export const TARGET_ITERATIONS = 600_000;
/** The floor on slow devices, so unlocking never takes several seconds at the front desk. */
export const MIN_ITERATIONS = 100_000;
export const CALIBRATION_BUDGET_MS = 500;
const CALIBRATION_SAMPLE = 100_000;
export const SALT_BYTES = 16;

/** The password does not unwrap this store's key. Nothing was changed or deleted. */
export class WrongPasswordError extends Error {
  constructor() {
    super('The password does not unlock the data saved on this device.');
    this.name = 'WrongPasswordError';
  }
}

/** An AES-KW key from the password, for wrapping and unwrapping other keys only. */
export async function deriveWrappingKey(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', salt, iterations, hash: 'SHA-256' },
    material,
    { name: 'AES-KW', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/**
 * Times a smaller derivation and scales it (PBKDF2 is linear in iterations), so the check costs a
 * sixth of a full derive on first unlock.
 */
export async function chooseIterations(now: () => number = () => performance.now()): Promise<number> {
  const started = now();
  await deriveWrappingKey('calibration', crypto.getRandomValues(new Uint8Array(SALT_BYTES)), CALIBRATION_SAMPLE);
  const projected = (now() - started) * (TARGET_ITERATIONS / CALIBRATION_SAMPLE);
  markMoment('calibrated', { sampleMs: now() - started });
  return projected < CALIBRATION_BUDGET_MS ? TARGET_ITERATIONS : MIN_ITERATIONS;
}
