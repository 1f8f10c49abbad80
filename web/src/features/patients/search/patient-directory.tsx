import type { PatientMatch, PatientSearchOptions } from '@dental/domain/patients/search';
import type { LocalPatient } from '@dental/local-store';
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { usePatientsArrival } from '../../../platform/offline/sync-status.ts';
import { PatientIndexClient } from './patient-index-client.ts';

export interface PatientDirectory {
  /** Every patient on the device, those it could not open included; null until the first read. */
  patients: LocalPatient[] | null;
  /** Active patients whose records opened: what both searches look through. */
  searchable: LocalPatient[];
  error: string | null;
  /** Bumps each time the index has taken in a change, so a search on screen runs again. */
  version: number;
  search(query: string, options: PatientSearchOptions): Promise<PatientMatch<LocalPatient>[]>;
}

const EMPTY: LocalPatient[] = [];
const DirectoryContext = createContext<PatientDirectory | null>(null);

function createSearchWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./patient-search.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

type Loaded = { patients: LocalPatient[]; error: string | null };

/**
 * The practice's patients on this device, read once for the whole shell, and the one search index
 * over them that the header quick search and the patients page share. Each write re-reads the list and
 * the index takes in only what changed, so a patient created or edited offline is found at once.
 */
export function PatientDirectoryProvider({ children }: { children: ReactNode }) {
  const local = useLocalData();
  // While the patient list is still arriving on a new device, every page written would re-read and
  // re-index the growing list: wait for the whole of it instead.
  const arrived = usePatientsArrival() === 'arrived';
  const ready = local.status === 'ready' && local.store !== null && arrived;
  const loaded = useLiveQuery<Loaded | null>(async () => {
    if (!ready || !local.store) return null;
    try {
      return { patients: await local.store.patients.all(), error: null };
    } catch (error) {
      return { patients: EMPTY, error: error instanceof Error ? error.message : String(error) };
    }
  }, [ready, local.store]);

  const searchable = useMemo(
    // Spec 8: records whose encrypted part cannot be opened are left out rather than matched as noise.
    () => (loaded?.patients ?? EMPTY).filter((patient) => patient.status === 'active' && !patient.decryptionError),
    [loaded],
  );
  const client = useMemo(
    () => (local.store ? new PatientIndexClient<LocalPatient>(createSearchWorker) : null),
    [local.store],
  );
  useEffect(() => () => client?.dispose(), [client]);

  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!client) return;
    let live = true;
    void client.sync(searchable).then(() => {
      if (live) setVersion((current) => current + 1);
    });
    return () => {
      live = false;
    };
  }, [client, searchable]);

  const value = useMemo<PatientDirectory>(
    () => ({
      patients: loaded?.patients ?? null,
      searchable,
      error: loaded?.error ?? null,
      version,
      search: (query, options) => (client ? client.search(query, options) : Promise.resolve([])),
    }),
    [loaded, searchable, version, client],
  );
  return <DirectoryContext.Provider value={value}>{children}</DirectoryContext.Provider>;
}

export function usePatientDirectory(): PatientDirectory {
  const value = useContext(DirectoryContext);
  if (!value) throw new Error('usePatientDirectory must be used inside PatientDirectoryProvider');
  return value;
}

/**
 * The matches for a term, from the shared index; null while there is no term. Until the answer for a
 * new term arrives the previous one stays on screen, so the list does not flicker while typing.
 */
export function usePatientMatches(
  term: string,
  options: PatientSearchOptions,
): { matches: PatientMatch<LocalPatient>[] | null; pending: boolean } {
  const { search, version } = usePatientDirectory();
  const { threshold, limit } = options;
  const key = `${term}\u0000${threshold}\u0000${limit}\u0000${version}`;
  const [answer, setAnswer] = useState<{ key: string; matches: PatientMatch<LocalPatient>[] } | null>(null);
  useEffect(() => {
    if (!term) {
      setAnswer(null);
      return;
    }
    let live = true;
    void search(term, { threshold, ...(limit === undefined ? {} : { limit }) }).then((matches) => {
      if (live) setAnswer({ key, matches });
    });
    return () => {
      live = false;
    };
  }, [search, term, threshold, limit, key]);
  if (!term) return { matches: null, pending: false };
  return { matches: answer?.matches ?? null, pending: answer?.key !== key };
}
