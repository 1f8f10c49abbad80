import type { StoreKey } from './store-key.ts';

/** Spec 8: what a value that could not be decrypted shows as; screens hide or ignore it. */
export const DECRYPTION_ERROR = '[Decryption Error]';
export const ENCRYPT_FAILED = 'Failed to encrypt data';
export const DECRYPT_FAILED = 'Failed to decrypt data';

/** AES-GCM ciphertext of one JSON value, with the IV it was made with. */
export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

export type Opened<T> = { id: string; ok: true; plain: T } | { id: string; ok: false };

/** Thrown when sealing fails: nothing has been written, so the caller can tell the user and keep the form. */
export class EncryptionError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(ENCRYPT_FAILED, options);
    this.name = 'EncryptionError';
  }
}

const IV_BYTES = 12;
/**
 * Promise.all over a whole 10k batch queues every job at once and holds all plaintexts in memory;
 * a few hundred per round keeps the crypto thread pool saturated and measured slightly faster.
 */
const CHUNK = 512;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Binds a ciphertext to the record it belongs to, so one copied onto another record, table or
 * practice fails authentication instead of showing another patient's data.
 */
export function recordAad(practiceId: number, table: string, id: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`${practiceId}/${table}/${id}`);
}

async function inChunks<I, O>(items: readonly I[], work: (item: I) => Promise<O>): Promise<O[]> {
  const out: O[] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    out.push(...(await Promise.all(items.slice(start, start + CHUNK).map(work))));
  }
  return out;
}

async function encryptJson(key: CryptoKey, aad: Uint8Array<ArrayBuffer>, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad },
    key,
    encoder.encode(JSON.stringify(value)),
  );
  return { iv, data };
}

async function decryptJson(key: CryptoKey, aad: Uint8Array<ArrayBuffer>, sealed: Sealed): Promise<unknown> {
  const clear = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv, additionalData: aad }, key, sealed.data);
  return JSON.parse(decoder.decode(clear));
}

/** Seals every record of a batch; call it before opening a Dexie transaction (WebCrypto would commit it). */
export async function sealRecords(
  key: StoreKey,
  practiceId: number,
  table: string,
  items: readonly { id: string; plain: unknown }[],
): Promise<{ id: string; sealed: Sealed }[]> {
  const dataKey = key.dataKey;
  try {
    return await inChunks(items, async ({ id, plain }) => ({
      id,
      sealed: await encryptJson(dataKey, recordAad(practiceId, table, id), plain),
    }));
  } catch (cause) {
    throw new EncryptionError({ cause });
  }
}

/** Opens a batch; a record that fails (tampered, moved, wrong key) is reported alone, never failing the rest. */
export async function openRecords<T>(
  key: StoreKey,
  practiceId: number,
  table: string,
  items: readonly { id: string; sealed: Sealed }[],
): Promise<Opened<T>[]> {
  const dataKey = key.dataKey;
  return inChunks(items, async ({ id, sealed }): Promise<Opened<T>> => {
    try {
      return { id, ok: true, plain: (await decryptJson(dataKey, recordAad(practiceId, table, id), sealed)) as T };
    } catch {
      return { id, ok: false };
    }
  });
}

export async function sealValue(key: StoreKey, practiceId: number, table: string, id: string, value: unknown) {
  const [result] = await sealRecords(key, practiceId, table, [{ id, plain: value }]);
  if (!result) throw new EncryptionError();
  return result.sealed;
}

export async function openValue<T>(
  key: StoreKey,
  practiceId: number,
  table: string,
  id: string,
  sealed: Sealed,
): Promise<Opened<T>> {
  const [result] = await openRecords<T>(key, practiceId, table, [{ id, sealed }]);
  return result ?? { id, ok: false };
}
