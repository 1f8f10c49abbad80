import { DEFAULT_COVERAGE_PERCENT, feeFor, SAMPLE_FEE_SCHEDULE } from '@dental/domain/clinical/fees';
import { DEFAULT_NOTE_TEMPLATES } from '@dental/domain/clinical/notes';
import { emptyPerioTooth, type PerioTooth } from '@dental/domain/clinical/perio';
import type { PlanItem, PlanPhase } from '@dental/domain/clinical/plans';
import type { Surface } from '@dental/domain/clinical/surfaces';
import { PERMANENT_TEETH } from '@dental/domain/clinical/teeth';
import { providerDisplayName } from '@dental/domain/users/user';
import type { Faker } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type {
  AppointmentsTable,
  ClinicalEntriesTable,
  ClinicalNotesTable,
  NoteTemplatesTable,
  PerioExamsTable,
  ProcedureFeesTable,
  TreatmentPlansTable,
  UsersTable,
} from '../db/schema.ts';
import type { PracticeSeed } from './practices.ts';
import { chance } from './random.ts';

/** How many patients of a practice get a clinical history: a few hundred, those who have visits. */
const HISTORY_PATIENTS_PER_PRACTICE = 300;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A drawn signature stand-in (a 1×1 PNG) for the accepted demo plans. */
const DEMO_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export interface ClinicalSeed {
  fees: Insertable<ProcedureFeesTable>[];
  templates: Insertable<NoteTemplatesTable>[];
  entries: Insertable<ClinicalEntriesTable>[];
  perioExams: Insertable<PerioExamsTable>[];
  notes: Insertable<ClinicalNotesTable>[];
  plans: Insertable<TreatmentPlansTable>[];
}

type Appointment = Insertable<AppointmentsTable>;
type Author = { id: number; name: string };

const POSTERIOR = PERMANENT_TEETH.filter((tooth) => Number(tooth[1]) >= 4 && Number(tooth[1]) <= 7);
const ANTERIOR = PERMANENT_TEETH.filter((tooth) => Number(tooth[1]) <= 3);
const FIRST_MOLARS = ['16', '26', '36', '46'];
const THIRD_MOLARS = ['18', '28', '38', '48'];
const POSTERIOR_SURFACES = ['O', 'MO', 'DO', 'MOD', 'B', 'OL'] as const;

/** Which note a visit's procedure is written from. */
const TEMPLATE_OF_PROCEDURE: Readonly<Record<string, string>> = {
  Filling: 'Composite restoration',
  'Crown prep': 'Crown preparation',
  Extraction: 'Extraction',
  'Periodontal maintenance': 'Scaling and root planing',
  Consultation: 'New patient exam',
};

/** Mulberry32: a tiny deterministic generator of numbers in [0, 1). */
function smallRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (ms: number) => iso(ms).slice(0, 10);

class PatientHistory {
  readonly used = new Set<string>();
  readonly missing = new Set<string>();
  constructor(
    readonly faker: Faker,
    readonly seed: ClinicalSeed,
    readonly practiceId: number,
    readonly patientId: string,
    /** The first charted patient of a practice has every kind of finding, for demos and browser tests. */
    readonly showcase: boolean,
  ) {}

  /** True with this probability, always for the showcase patient. */
  likely(probability: number): boolean {
    return this.showcase || chance(this.faker, probability);
  }

  free(candidates: readonly string[]): string | undefined {
    const open = candidates.filter((tooth) => !this.used.has(tooth));
    return open.length > 0 ? this.faker.helpers.arrayElement(open) : undefined;
  }

  entry(
    author: Author,
    at: number,
    fields: Partial<Insertable<ClinicalEntriesTable>> & { tooth: string; status: string },
  ): string {
    const id = this.faker.string.uuid();
    this.used.add(fields.tooth);
    this.seed.entries.push({
      id,
      practice_id: this.practiceId,
      patient_id: this.patientId,
      surfaces: '',
      state: null,
      condition: null,
      material: null,
      procedure_code: null,
      appointment_id: null,
      replaces: '[]',
      recorded_by: author.id,
      recorded_by_name: author.name,
      recorded_at: iso(at),
      voided_at: null,
      voided_by: null,
      voided_by_name: null,
      void_reason: null,
      created_at: iso(at),
      ...fields,
    });
    return id;
  }
}

/** The charted history: old restorations, missing teeth, a crown, a root canal, current caries. */
function chartHistory(history: PatientHistory, author: Author, firstVisit: number, lastExam: number): string[] {
  const { faker } = history;
  for (const tooth of THIRD_MOLARS) {
    if (chance(faker, 0.4)) {
      history.missing.add(tooth);
      history.entry(author, firstVisit, { tooth, state: 'missing', status: 'existing' });
    }
  }
  if (history.likely(0.3)) {
    const tooth = history.free(FIRST_MOLARS);
    if (tooth) {
      history.missing.add(tooth);
      history.entry(author, firstVisit, { tooth, state: 'missing', status: 'existing' });
    }
  }
  const restorations = faker.number.int({ min: 1, max: 5 });
  for (let n = 0; n < restorations; n += 1) {
    const tooth = history.free(POSTERIOR);
    if (!tooth) break;
    history.entry(author, firstVisit, {
      tooth,
      surfaces: faker.helpers.arrayElement(POSTERIOR_SURFACES),
      condition: 'restoration',
      material: chance(faker, 0.55) ? 'amalgam' : 'composite',
      status: 'existing',
    });
  }
  if (chance(faker, 0.25)) {
    const tooth = history.free(ANTERIOR);
    if (tooth) {
      history.entry(author, firstVisit, {
        tooth,
        surfaces: faker.helpers.arrayElement(['M', 'D', 'MI', 'B']),
        condition: 'restoration',
        material: 'composite',
        status: 'existing',
      });
    }
  }
  if (history.likely(0.35)) {
    const tooth = history.free(POSTERIOR);
    if (tooth) {
      history.entry(author, firstVisit, {
        tooth,
        state: 'crown',
        material: chance(faker, 0.7) ? 'ceramic' : 'gold',
        status: 'existing',
      });
      if (history.likely(0.5))
        history.entry(author, firstVisit, { tooth, state: 'root_canal_treated', status: 'existing' });
    }
  }
  if (history.likely(0.15)) {
    // A root canal treatment without a crown yet: the planning assistant proposes one.
    const tooth = history.free(POSTERIOR);
    if (tooth) history.entry(author, firstVisit, { tooth, state: 'root_canal_treated', status: 'existing' });
  }
  const caries: string[] = [];
  const lesions = history.likely(0.55) ? faker.number.int({ min: 1, max: 2 }) : 0;
  for (let n = 0; n < lesions; n += 1) {
    const tooth = history.free(POSTERIOR);
    if (!tooth) break;
    const surfaces = faker.helpers.arrayElement(['O', 'MO', 'DO', 'MOD']);
    history.entry(author, lastExam, { tooth, surfaces, condition: 'caries', status: 'existing' });
    caries.push(`${tooth}:${surfaces}`);
  }
  return caries;
}

/** 1–3 exams over the years, each a little worse at some sites; some patients with deep pockets. */
function perioHistory(history: PatientHistory, author: Author, examTimes: readonly number[]): void {
  const { faker } = history;
  // Thousands of readings per patient: a small generator seeded from the stream keeps the seed fast.
  const random = smallRandom(faker.number.int({ min: 1, max: 2 ** 31 - 1 }));
  const odds = (probability: number) => random() < probability;
  const teeth = PERMANENT_TEETH.filter((tooth) => !history.missing.has(tooth) && !THIRD_MOLARS.includes(tooth));
  const worsening = history.likely(0.5);
  const deepQuadrant = history.likely(0.3) ? faker.helpers.arrayElement(['1', '2', '3', '4']) : null;
  let previous: Record<string, PerioTooth> | null = null;
  examTimes.forEach((at, index) => {
    const last = index === examTimes.length - 1;
    const readings: Record<string, PerioTooth> = {};
    for (const tooth of teeth) {
      const before = previous?.[tooth];
      const reading = emptyPerioTooth();
      for (let site = 0; site < 6; site += 1) {
        let depth = before?.depth[site] ?? 1 + Math.floor(random() * 3);
        let recession = before?.recession[site] ?? (odds(0.15) ? 1 : 0);
        if (before && worsening && odds(0.04)) {
          depth += 1;
          recession += 1;
        }
        if (last && deepQuadrant === tooth[0] && site % 3 !== 1 && odds(0.5)) depth = Math.max(depth, 5);
        reading.depth[site] = Math.min(depth, 12);
        reading.recession[site] = Math.min(recession, 8);
        reading.bleeding[site] = depth >= 4 ? odds(0.7) : odds(0.08);
        reading.suppuration[site] = depth >= 5 && odds(0.1);
      }
      reading.mobility = odds(0.05) ? 1 : 0;
      reading.furcation = Number(tooth[1]) >= 6 && odds(0.08) ? 1 : 0;
      readings[tooth] = reading;
    }
    history.seed.perioExams.push({
      id: faker.string.uuid(),
      practice_id: history.practiceId,
      patient_id: history.patientId,
      appointment_id: null,
      exam_date: dateOf(at),
      teeth: JSON.stringify(readings),
      recorded_by: author.id,
      recorded_by_name: author.name,
      recorded_at: iso(at),
      updated_at: iso(at),
    });
    previous = readings;
  });
}

function note(
  history: PatientHistory,
  author: Author,
  at: number,
  template: Insertable<NoteTemplatesTable> | undefined,
  appointmentId: string | null,
): void {
  history.seed.notes.push({
    id: history.faker.string.uuid(),
    practice_id: history.practiceId,
    patient_id: history.patientId,
    appointment_id: appointmentId,
    template_id: template?.id ?? null,
    body: `${template?.body ?? ''}\n\nVisit completed without complications.`.trim(),
    status: 'signed',
    created_by: author.id,
    created_by_name: author.name,
    created_at: iso(at),
    updated_at: iso(at),
    signed_at: iso(at),
    signed_by: author.id,
    signed_by_name: author.name,
  });
}

function planItem(faker: Faker, code: string, tooth: string | null, surfaces: string): PlanItem {
  const fee = feeFor(SAMPLE_FEE_SCHEDULE, code);
  return {
    id: faker.string.uuid(),
    code,
    description: fee?.description ?? code,
    tooth,
    surfaces: [...surfaces] as Surface[],
    fee: fee?.fee ?? 0,
    coveragePercent: fee ? DEFAULT_COVERAGE_PERCENT[fee.category] : 0,
    done: false,
  };
}

function plan(
  history: PatientHistory,
  author: Author,
  fields: { title: string; phases: PlanPhase[]; status: string; proposedAt: number; acceptedBy: string | null },
): void {
  const accepted = fields.status !== 'proposed';
  history.seed.plans.push({
    id: history.faker.string.uuid(),
    practice_id: history.practiceId,
    patient_id: history.patientId,
    title: fields.title,
    status: fields.status,
    phases: JSON.stringify(fields.phases),
    notes: null,
    created_by: author.id,
    created_by_name: author.name,
    created_at: iso(fields.proposedAt),
    updated_at: iso(fields.proposedAt + (accepted ? 7 * DAY_MS : 0)),
    proposed_at: iso(fields.proposedAt),
    accepted_at: accepted ? iso(fields.proposedAt + 7 * DAY_MS) : null,
    accepted_by_name: accepted ? fields.acceptedBy : null,
    signature: accepted ? DEMO_SIGNATURE : null,
  });
}

/** A proposal for the current caries (every third one proposed long ago, so it shows expired), and past work. */
function planHistory(history: PatientHistory, author: Author, caries: readonly string[], now: number, name: string) {
  const { faker } = history;
  if (caries.length > 0) {
    const items = caries.map((lesion) => {
      const [tooth = '', surfaces = ''] = lesion.split(':');
      return planItem(faker, `RES-P${Math.min(surfaces.length, 4)}`, tooth, surfaces);
    });
    const stale = history.likely(0.35);
    plan(history, author, {
      title: 'Restorative treatment',
      phases: [{ name: 'Phase 1: restorations', items }],
      status: 'proposed',
      proposedAt:
        now - (stale ? faker.number.int({ min: 100, max: 400 }) : faker.number.int({ min: 3, max: 60 })) * DAY_MS,
      acceptedBy: null,
    });
  }
  if (history.likely(0.35)) {
    // Past hygiene work, done; or under way (accepted, the exam done, the rest to come).
    const underway = chance(faker, 0.3);
    const items = [
      planItem(faker, 'EXAM-RC', null, ''),
      planItem(faker, 'PREV-SC', null, ''),
      planItem(faker, 'PREV-PO', null, ''),
    ].map((item, index) => ({ ...item, done: !underway || index === 0 }));
    const daysAgo = underway ? faker.number.int({ min: 10, max: 40 }) : faker.number.int({ min: 200, max: 900 });
    plan(history, author, {
      title: 'Hygiene and recall',
      phases: [{ name: 'Phase 1: hygiene', items }],
      status: underway ? 'in_progress' : 'completed',
      proposedAt: now - daysAgo * DAY_MS,
      acceptedBy: name,
    });
  }
}

/**
 * Clinical history for a few hundred patients of each practice (those with visits): charted findings from
 * a first visit years ago, periodontal exams, signed notes on past completed appointments and treatment
 * plans. Its own random stream, so the rest of the demo data is the same with or without it.
 */
/** Old enough for a nine-year permanent-teeth history. */
const ADULT_YEARS = 27;

export function buildClinical(
  faker: Faker,
  practices: readonly PracticeSeed[],
  users: readonly Insertable<UsersTable>[],
  patients: readonly {
    id: string;
    practice_id: number;
    first_name: string;
    last_name: string;
    date_of_birth?: string | null;
  }[],
  appointments: readonly Appointment[],
  now: Date,
): ClinicalSeed {
  const seed: ClinicalSeed = { fees: [], templates: [], entries: [], perioExams: [], notes: [], plans: [] };
  const nowMs = now.getTime();
  const authors = new Map<number, Author & { role: string }>();
  for (const user of users) {
    if (user.id === undefined) continue;
    const role = user.role ?? 'staff';
    const name = providerDisplayName({ firstName: user.first_name, lastName: user.last_name, role });
    authors.set(user.id, { id: user.id, name, role });
  }
  const visitsOf = new Map<string, Appointment[]>();
  for (const appointment of appointments) {
    visitsOf.set(appointment.patient_id, [...(visitsOf.get(appointment.patient_id) ?? []), appointment]);
  }
  for (const practice of practices) {
    for (const fee of SAMPLE_FEE_SCHEDULE) seed.fees.push({ practice_id: practice.id, ...fee });
    const templates = DEFAULT_NOTE_TEMPLATES.map((template) => ({
      id: faker.string.uuid(),
      practice_id: practice.id,
      ...template,
      active: 1,
      updated_at: now.toISOString(),
    }));
    seed.templates.push(...templates);
    const templateNamed = (name: string) => templates.find((template) => template.name === name);

    // The histories chart permanent teeth over up to nine years: only adults get one.
    const adultBorn = new Date(nowMs - ADULT_YEARS * 365.25 * DAY_MS).toISOString().slice(0, 10);
    const charted = patients
      .filter((patient) => patient.practice_id === practice.id && visitsOf.has(patient.id))
      .filter((patient) => patient.date_of_birth != null && patient.date_of_birth <= adultBorn)
      .slice(0, HISTORY_PATIENTS_PER_PRACTICE);
    for (const [index, patient] of charted.entries()) {
      const visits = visitsOf.get(patient.id) ?? [];
      const providers = visits.map((visit) => authors.get(visit.provider_id)).filter((a) => a !== undefined);
      const dentist = providers.find((author) => author.role === 'doctor') ?? providers[0];
      if (!dentist) continue;
      const hygienist = providers.find((author) => author.role === 'hygienist') ?? dentist;
      const history = new PatientHistory(faker, seed, practice.id, patient.id, index === 0);
      const yearsAgo = history.showcase ? 9 : faker.number.int({ min: 2, max: 9 });
      const firstVisit = nowMs - yearsAgo * 365 * DAY_MS - faker.number.int({ min: 0, max: 200 }) * DAY_MS;
      const lastExam = nowMs - faker.number.int({ min: 30, max: 300 }) * DAY_MS;
      const caries = chartHistory(history, dentist, firstVisit, lastExam);
      note(history, dentist, firstVisit, templateNamed('New patient exam'), null);

      const exams = history.showcase ? 3 : faker.number.int({ min: 1, max: 3 });
      const examTimes = Array.from(
        { length: exams },
        (_, index) => lastExam - (exams - 1 - index) * 400 * DAY_MS,
      ).filter((at) => at >= firstVisit);
      perioHistory(history, hygienist, examTimes.length > 0 ? examTimes : [lastExam]);

      for (const visit of visits) {
        if (visit.status !== 'completed' || !visit.completed_at) continue;
        const author = authors.get(visit.provider_id) ?? dentist;
        const template = templateNamed(TEMPLATE_OF_PROCEDURE[visit.procedure] ?? 'Recall exam');
        note(history, author, Date.parse(visit.completed_at), template, visit.id);
      }
      planHistory(history, dentist, caries, nowMs, `${patient.first_name} ${patient.last_name}`);
    }
  }
  return seed;
}
