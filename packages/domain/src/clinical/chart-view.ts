import { projectChart, type ToothChart } from './chart.ts';
import type { ChartEntry } from './entry.ts';
import type { ClinicalNote } from './notes.ts';
import type { PerioExam } from './perio.ts';
import type { TreatmentPlan } from './plans.ts';

/** GET /api/clinical-charts/{patientId}: the projection, and every record it came from. */
export interface ClinicalChartView {
  patientId: string;
  teeth: ToothChart[];
  entries: ChartEntry[];
  perioExams: PerioExam[];
  notes: ClinicalNote[];
  plans: TreatmentPlan[];
}

export function chartView(
  patientId: string,
  records: { entries: ChartEntry[]; perioExams: PerioExam[]; notes: ClinicalNote[]; plans: TreatmentPlan[] },
): ClinicalChartView {
  const teeth = [...projectChart(records.entries).values()].sort((a, b) => a.tooth.localeCompare(b.tooth));
  return { patientId, teeth, ...records };
}
