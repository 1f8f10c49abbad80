import { scryptHasher } from '../../src/services/passwords.ts';

/** The instant every test app starts at; the seeded demo data is built around it. */
export const TEST_START = '2026-11-22T15:00:00.000Z';
/** Cheap scrypt cost: tests sign in hundreds of times; production uses the OWASP cost. */
export const testHasher = scryptHasher({ N: 1024, r: 8, p: 1 });
/** Enough patients for every test's needs at a fraction of the demo's 5,000. */
export const TEST_PATIENT_COUNT = 400;
