import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { type Provider, providersFrom } from '../scheduling/index.ts';

const NONE: Provider[] = [];

/** The practice's providers as the schedule lists them, read from this device. */
export function useProviders(): Provider[] {
  const { store } = useLocalData();
  const users = useLiveQuery(async () => (store ? store.reference('users') : null), [store], null);
  return useMemo(() => (users ? providersFrom(users) : NONE), [users]);
}
