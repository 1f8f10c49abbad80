export class StoreLockedError extends Error {
  constructor() {
    super('The local store is locked. Sign in again to unlock it.');
    this.name = 'StoreLockedError';
  }
}

/**
 * The unlocked data key of one store. Both keys are non-extractable; the wrapping key is kept so a
 * password change can rewrap without asking for the old password again.
 */
export class StoreKey {
  #dataKey: CryptoKey | null;
  #wrappingKey: CryptoKey | null;

  constructor(dataKey: CryptoKey, wrappingKey: CryptoKey) {
    this.#dataKey = dataKey;
    this.#wrappingKey = wrappingKey;
  }

  get dataKey(): CryptoKey {
    if (!this.#dataKey) throw new StoreLockedError();
    return this.#dataKey;
  }

  get wrappingKey(): CryptoKey {
    if (!this.#wrappingKey) throw new StoreLockedError();
    return this.#wrappingKey;
  }

  get locked(): boolean {
    return this.#dataKey === null;
  }

  replaceWrappingKey(wrappingKey: CryptoKey): void {
    if (this.locked) throw new StoreLockedError();
    this.#wrappingKey = wrappingKey;
  }

  /** Sign-out: drops the key so nothing in this tab can read the store until the next unlock. */
  lock(): void {
    this.#dataKey = null;
    this.#wrappingKey = null;
  }
}
