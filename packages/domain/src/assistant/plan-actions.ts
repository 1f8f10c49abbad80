import { searchPatients } from '../patients/search.ts';
import { localDate } from '../time/zones.ts';
import { fullName } from '../users/user.ts';
import type { AssistantData, ExecutionPlan, Interpretation, SaidText, Slots } from './contract.ts';
import { periodStart } from './dates.ts';
import { MAX_FOUND, openTimes, patientName } from './plan-schedule.ts';
import { missing, PLAN_TEXTS, patientOrAsk, said } from './plan-texts.ts';

/** Plans that read the data or hand the client something to do. */

export function findPatient(slots: Slots, data: AssistantData): ExecutionPlan {
  const ids = slots.patientId ? [slots.patientId] : (slots.candidates ?? []).map((candidate) => candidate.id);
  const query = slots.query ?? slots.phone ?? slots.patient ?? [slots.firstName, slots.lastName].join(' ').trim();
  const searchable = data.patients.map((patient) => ({ ...patient, email: patient.email ?? null }));
  const byYearOnly = slots.birthYear !== undefined && query === String(slots.birthYear);
  const found =
    ids.length > 0
      ? ids.flatMap((id) => searchable.filter((patient) => patient.id === id))
      : byYearOnly
        ? searchable
        : query
          ? searchPatients(searchable, query)
          : [];
  const patients = found
    .filter((patient) => slots.birthYear === undefined || patient.dateOfBirth?.startsWith(String(slots.birthYear)))
    .slice(0, MAX_FOUND)
    .map((patient) => ({
      id: patient.id,
      name: fullName(patient),
      dateOfBirth: patient.dateOfBirth,
      phone: patient.phone,
    }));
  return { kind: 'read', data: { patients }, done: said(PLAN_TEXTS.patientsFound, { count: patients.length }) };
}

export function findSlot(slots: Slots, data: AssistantData): ExecutionPlan {
  const found = openTimes(data, slots);
  return { kind: 'read', data: { slots: found }, done: said(PLAN_TEXTS.slotsFound, { count: found.length }) };
}

function navigate(to: string, done: SaidText): ExecutionPlan {
  return { kind: 'action', action: { type: 'navigate', to }, done };
}

function query(params: Record<string, string | undefined>): string {
  return Object.entries(params)
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}

const KPI_METRICS = /kpi|production|revenue|dashboard|performance|collections/i;

function reportRoute(metric: string | undefined): string {
  if (metric && /no.?show/i.test(metric)) return '/no-show-analytics';
  if (metric && KPI_METRICS.test(metric)) return '/practice-manager';
  return '/reports';
}

export function action(interpretation: Interpretation, data: AssistantData): ExecutionPlan {
  const { slots } = interpretation;
  switch (interpretation.intent) {
    case 'open_patient': {
      const ask = patientOrAsk(slots);
      if (ask) return ask;
      return navigate(
        `/patients/${slots.patientId}`,
        said(PLAN_TEXTS.openPatient, { patient: patientName(data, slots.patientId) }),
      );
    }
    case 'open_chart': {
      const ask = patientOrAsk(slots);
      if (ask) return ask;
      const search = query({ patientId: slots.patientId, tab: slots.section });
      return navigate(
        `/clinical-charts?${search}`,
        said(PLAN_TEXTS.openChart, { patient: patientName(data, slots.patientId) }),
      );
    }
    case 'show_schedule': {
      const today = localDate(data.now, data.timeZone);
      const date = slots.date ?? (slots.period ? periodStart(slots.period, today) : today);
      return navigate(`/scheduling?${query({ date, view: slots.view })}`, said(PLAN_TEXTS.schedule, { date }));
    }
    case 'list_recalls':
      return navigate('/recalls', said(PLAN_TEXTS.recalls));
    case 'report':
      return navigate(reportRoute(slots.metric), said(PLAN_TEXTS.report));
    case 'navigate':
      if (!slots.route) return missing('route');
      return navigate(slots.route, said(PLAN_TEXTS.navigate, { route: slots.route }));
    case 'switch_practice': {
      const practice = data.practices.find((candidate) => candidate.id === slots.practiceId);
      if (!practice) return missing('practice');
      return {
        kind: 'action',
        action: { type: 'switch_practice', practiceId: practice.id },
        done: said(PLAN_TEXTS.switchPractice, { practice: practice.name }),
      };
    }
    case 'provider_absence':
      return {
        kind: 'action',
        action: { type: 'open_form', form: 'absence', prefill: slots },
        done: said(PLAN_TEXTS.absence),
      };
    case 'guidance':
      if (!slots.topic) return missing('topic');
      return { kind: 'action', action: { type: 'guide', guideId: slots.topic }, done: said(PLAN_TEXTS.guide) };
    default:
      return { kind: 'none', message: interpretation.previewText };
  }
}
