import { useSyncExternalStore } from 'react';

/**
 * A value that changes many times while a card is dragged. Only the components that show it
 * subscribe, so the grid and its hundreds of cards are not re-rendered on each change.
 */
export interface Signal<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createSignal<T>(initial: T, same: (a: T, b: T) => boolean = Object.is): Signal<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (same(value, next)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The part of a signal a component shows; it re-renders only when that part changes. */
export function useSignal<T, S = T>(signal: Signal<T>, select: (value: T) => S = (value) => value as unknown as S): S {
  const snapshot = () => select(signal.get());
  return useSyncExternalStore(signal.subscribe, snapshot, snapshot);
}
