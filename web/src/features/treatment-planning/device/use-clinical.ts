import type { ClinicalChartView } from '@dental/domain/clinical/chart-view';
import type { ProcedureFee } from '@dental/domain/clinical/fees';
import type { NoteTemplate } from '@dental/domain/clinical/notes';
import type { LocalStore, LocalTreatmentPlan } from '@dental/local-store';
import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';

type Read<T> = (store: LocalStore) => Promise<T>;

function useDeviceRead<T>(read: Read<T>, deps: unknown[]): T | undefined {
  const { store } = useLocalData();
  return useLiveQuery(async () => (store ? read(store) : undefined), [store, ...deps]);
}

/** Newest first: what a planner opens is usually the latest plan. */
const byNewest = (a: LocalTreatmentPlan, b: LocalTreatmentPlan) => b.createdAt.localeCompare(a.createdAt);

/** The practice's treatment plans, or one patient's, from the device; undefined while reading. */
export function usePlans(patientId?: string): LocalTreatmentPlan[] | undefined {
  return useDeviceRead(async (store) => (await store.clinical.plans(patientId)).sort(byNewest), [patientId]);
}

/** The practice's fee schedule on the device, by code. */
export function useFees(): ProcedureFee[] | undefined {
  return useDeviceRead(async (store) => (await store.clinical.fees()).sort((a, b) => a.code.localeCompare(b.code)), []);
}

/** The treatment note library on the device, by category then name. */
export function useTemplates(): NoteTemplate[] | undefined {
  return useDeviceRead(
    async (store) =>
      (await store.clinical.templates()).sort(
        (a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name),
      ),
    [],
  );
}

/** One patient's chart from the device (projection, entries, perio exams, notes, plans). */
export function useChart(patientId: string | undefined): ClinicalChartView | undefined | null {
  return useDeviceRead(async (store) => (patientId ? store.clinical.chart(patientId) : null), [patientId]);
}

/**
 * Runs a clinical command on the device: the row and its outbox entry are written together, the pusher is
 * woken, and a refusal (the domain's rules, a missing permission) is shown in the user's language.
 * Resolves to the command's answer, or undefined when it was refused.
 */
export function useClinicalCommand() {
  const local = useLocalData();
  const { t } = useLingui();
  return useCallback(
    async <T>(run: (clinical: LocalStore['clinical']) => Promise<T>, failure?: string): Promise<T | undefined> => {
      if (!local.store) return undefined;
      try {
        const result = await run(local.store.clinical);
        local.afterWrite();
        return result;
      } catch (error) {
        toast(failure ?? t`Not saved`, error instanceof Error ? domainText(error.message) : undefined, 'error');
        return undefined;
      }
    },
    [local, t],
  );
}
