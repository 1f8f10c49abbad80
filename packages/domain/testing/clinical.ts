import type { ChartEntry } from '../src/clinical/entry.ts';
import { emptyPerioTooth, type PerioExam, type PerioTooth } from '../src/clinical/perio.ts';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

/** A chart entry as the server stores it; by default an existing composite on the occlusal of 36. */
export function aChartEntry(overrides: Partial<ChartEntry> = {}): ChartEntry {
  return {
    id: nextId(),
    patientId: '10000000-0000-4000-8000-000000000001',
    tooth: '36',
    surfaces: ['O'],
    state: null,
    condition: 'restoration',
    material: 'composite',
    status: 'existing',
    procedureCode: null,
    appointmentId: null,
    replaces: [],
    recordedBy: 2,
    recordedByName: 'Dr. Sarah Patel',
    recordedAt: '2026-01-05T15:00:00.000Z',
    voidedAt: null,
    voidedBy: null,
    voidedByName: null,
    voidReason: null,
    ...overrides,
  };
}

/** A perio tooth whose six depths (and optionally recessions) are given. */
export function aPerioTooth(depth: number[], recession: number[] = [0, 0, 0, 0, 0, 0]): PerioTooth {
  return {
    ...emptyPerioTooth(),
    depth: depth as PerioTooth['depth'],
    recession: recession as PerioTooth['recession'],
  };
}

export function aPerioExam(teeth: Record<string, PerioTooth>, overrides: Partial<PerioExam> = {}): PerioExam {
  return {
    id: nextId(),
    patientId: '10000000-0000-4000-8000-000000000001',
    appointmentId: null,
    examDate: '2026-01-05',
    teeth,
    recordedBy: 3,
    recordedByName: 'Emily Chen',
    recordedAt: '2026-01-05T15:00:00.000Z',
    updatedAt: '2026-01-05T15:00:00.000Z',
    ...overrides,
  };
}
