import { randomUUID } from 'node:crypto';
import { DomainError } from '@dental/domain/errors';
import { fill } from '@dental/domain/i18n/text';
import type { Patient } from '@dental/domain/patients/patient.schema';
import type { Recall } from '@dental/domain/patients/recall.schema';
import { bySmartRank, monthsBetween, RECALL_RANKING, rankRecall } from '@dental/domain/recalls/smart-rank';
import { RECALL_TEXTS } from '@dental/domain/recalls/texts';
import {
  RECALL_WORKLIST,
  type RecallContact,
  type RecallContactBody,
  type RecallRemindersBody,
  type RemindersResult,
  type WorklistQuery,
  type WorklistRow,
} from '@dental/domain/recalls/worklist';
import { addDays, daysBetween } from '@dental/domain/scheduling/booking-rules';
import { localDate } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { findPatient, patientsByIds, toPatient } from '../repos/patients.ts';
import {
  activeRecallDates,
  appointmentsOfPatients,
  contactsOfRecalls,
  familyLinksOf,
  insertRecallContact,
} from '../repos/recall-work.ts';
import { activeRecallsDue, recallIn, recallsByIds } from '../repos/recalls.ts';
import { staffOfPractice } from '../repos/users.ts';
import { queueMessage } from './messages.ts';
import { practiceTimezone } from './practice-time.ts';

/** What the worklist needs to know of a patient's appointments. */
interface VisitFacts {
  lastVisit: string | null;
  lastProviderId: number | null;
  noShows: number;
  booked: boolean;
}

const UPCOMING = new Set(['scheduled', 'confirmed', 'in-progress']);

async function visitFacts(
  db: Db,
  practiceId: number,
  patientIds: readonly string[],
  now: Date,
  timeZone: string,
): Promise<Map<string, VisitFacts>> {
  const facts = new Map<string, VisitFacts>();
  const nowIso = now.toISOString();
  for (const id of patientIds) facts.set(id, { lastVisit: null, lastProviderId: null, noShows: 0, booked: false });
  // Oldest first, so the last completed visit seen is the latest.
  for (const visit of await appointmentsOfPatients(db, practiceId, patientIds)) {
    const fact = facts.get(visit.patient_id);
    if (!fact) continue;
    if (visit.status === 'no-show') fact.noShows += 1;
    else if (visit.status === 'completed') {
      fact.lastVisit = localDate(visit.appointment_date, timeZone);
      fact.lastProviderId = visit.provider_id;
    } else if (UPCOMING.has(visit.status) && visit.appointment_date >= nowIso) fact.booked = true;
  }
  return facts;
}

/** For each recall, how many family members have a recall due within the ranking's family window of it. */
async function familyDueCounts(db: Db, practiceId: number, recalls: readonly Recall[]): Promise<Map<string, number>> {
  const patientIds = [...new Set(recalls.map((recall) => recall.patientId))];
  const family = new Map<string, Set<string>>();
  const relate = (a: string, b: string) => {
    if (!family.has(a)) family.set(a, new Set());
    family.get(a)?.add(b);
  };
  for (const link of await familyLinksOf(db, practiceId, patientIds)) {
    relate(link.patient_id, link.related_patient_id);
    relate(link.related_patient_id, link.patient_id);
  }
  const relatives = [...new Set([...family.values()].flatMap((members) => [...members]))];
  const dueDates = new Map<string, string[]>();
  for (const row of await activeRecallDates(db, practiceId, relatives)) {
    dueDates.set(row.patient_id, [...(dueDates.get(row.patient_id) ?? []), row.due_date]);
  }
  const counts = new Map<string, number>();
  for (const recall of recalls) {
    const members = [...(family.get(recall.patientId) ?? [])].filter((member) =>
      (dueDates.get(member) ?? []).some(
        (due) => Math.abs(daysBetween(recall.dueDate, due)) <= RECALL_RANKING.familyWindowDays,
      ),
    );
    counts.set(recall.id, members.length);
  }
  return counts;
}

/** The range of due dates a query asks for: by default what is overdue and what falls due within the window. */
function dueRange(query: WorklistQuery, today: string): { dueFrom?: string; dueTo: string } | null {
  let dueFrom = query.dueFrom;
  let dueTo = query.dueTo ?? addDays(today, RECALL_WORKLIST.dueWindowDays);
  if (query.status === 'overdue') {
    const yesterday = addDays(today, -1);
    if (dueTo > yesterday) dueTo = yesterday;
  }
  if (query.status === 'due' && (dueFrom === undefined || dueFrom < today)) dueFrom = today;
  if (dueFrom !== undefined && dueFrom > dueTo) return null;
  return { dueFrom, dueTo };
}

/** GET /api/recalls/worklist: the practice's due and overdue recalls, filtered, and ranked with reasons when smart. */
export async function recallWorklist(
  db: Db,
  practiceId: number,
  now: Date,
  query: WorklistQuery,
): Promise<WorklistRow[]> {
  const timeZone = await practiceTimezone(db, practiceId);
  const today = localDate(now, timeZone);
  const range = dueRange(query, today);
  if (!range) return [];
  const recalls = await activeRecallsDue(db, practiceId, { ...range, recallTypeId: query.recallTypeId });
  const patientIds = [...new Set(recalls.map((recall) => recall.patientId))];
  const patients = new Map<string, Patient>(
    (await patientsByIds(db, practiceId, patientIds)).map((row) => [row.id, toPatient(row)]),
  );
  const visits = await visitFacts(db, practiceId, patientIds, now, timeZone);
  const providers = new Map((await staffOfPractice(db, practiceId)).map((member) => [member.id, member.displayName]));
  const lastContact = new Map<string, RecallContact>();
  for (const contact of await contactsOfRecalls(
    db,
    practiceId,
    recalls.map((recall) => recall.id),
  )) {
    if (!lastContact.has(contact.recallId)) lastContact.set(contact.recallId, contact);
  }

  const rows: WorklistRow[] = [];
  for (const recall of recalls) {
    const patient = patients.get(recall.patientId);
    const visit = visits.get(recall.patientId);
    if (!patient?.isActive || !visit) continue;
    const preference = patient.medicalHistory.communicationPreference;
    if (query.contactPreference !== undefined && preference !== query.contactPreference) continue;
    const providerId = patient.preferredProviderId ?? visit.lastProviderId;
    if (query.providerId !== undefined && providerId !== query.providerId) continue;
    const lastVisit = latest(visit.lastVisit, recall.lastVisitDate);
    rows.push({
      recall,
      patient: {
        id: patient.id,
        firstName: patient.firstName,
        lastName: patient.lastName,
        phone: patient.phone,
        email: patient.email,
        contactPreference: preference,
      },
      provider: providerId === null ? null : { id: providerId, name: providers.get(providerId) ?? '' },
      dueDate: recall.dueDate,
      overdueDays: Math.max(0, daysBetween(recall.dueDate, today)),
      lastVisit,
      lastContact: lastContact.get(recall.id) ?? null,
      booked: visit.booked,
    });
  }
  if (!query.smart) return rows;

  const family = await familyDueCounts(
    db,
    practiceId,
    rows.map((row) => row.recall),
  );
  for (const row of rows) {
    row.rank = rankRecall({
      overdueDays: row.overdueDays,
      monthsSinceLastVisit: row.lastVisit === null ? null : Math.max(0, monthsBetween(row.lastVisit, today)),
      noShows: visits.get(row.patient.id)?.noShows ?? 0,
      familyDue: family.get(row.recall.id) ?? 0,
    });
  }
  return rows.sort(bySmartRank);
}

function latest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

async function requireRecall(db: Db, practiceId: number, id: string): Promise<Recall> {
  const recall = await recallIn(db, practiceId, id);
  if (!recall) throw new DomainError('NOT_FOUND', 'Recall not found.');
  return recall;
}

export interface RecallActor {
  practiceId: number;
  userId: number;
  userName: string;
  now: Date;
}

/** POST /api/recalls/:id/contacts: what came of a call, a message or a booking about the recall. */
export async function logRecallContact(
  db: Db,
  actor: RecallActor,
  recallId: string,
  body: RecallContactBody,
): Promise<RecallContact> {
  const recall = await requireRecall(db, actor.practiceId, recallId);
  const contact = await insertRecallContact(db, {
    id: randomUUID(),
    practice_id: actor.practiceId,
    recall_id: recall.id,
    outcome: body.outcome,
    note: body.note ?? null,
    user_id: actor.userId,
    user_name: actor.userName,
    at: actor.now.toISOString(),
  });
  await writeAudit(db, {
    at: actor.now,
    userId: actor.userId,
    practiceId: actor.practiceId,
    action: 'recall.contact',
    entity: 'recall',
    entityId: recall.id,
    details: { outcome: body.outcome },
  });
  return contact;
}

/**
 * POST /api/recalls/reminders: one recall message per patient, queued on the channel the patient prefers.
 * A patient already booked, or whose preferred channel has no address (email without one), is skipped.
 */
export async function sendRecallReminders(
  db: Db,
  actor: RecallActor,
  body: RecallRemindersBody,
): Promise<RemindersResult> {
  const ids = [...new Set(body.recallIds)];
  const recalls = await recallsByIds(db, actor.practiceId, ids);
  if (recalls.length !== ids.length) throw new DomainError('NOT_FOUND', 'Recall not found.');
  const timeZone = await practiceTimezone(db, actor.practiceId);
  const byPatient = new Map<string, Recall>();
  // Earliest due first, then in the order asked, so the answer lists patients in a stable order.
  const asked = (recall: Recall) => ids.indexOf(recall.id);
  for (const recall of [...recalls].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || asked(a) - asked(b))) {
    if (!byPatient.has(recall.patientId)) byPatient.set(recall.patientId, recall);
  }
  const visits = await visitFacts(db, actor.practiceId, [...byPatient.keys()], actor.now, timeZone);
  const result: RemindersResult = { queued: 0, skipped: 0, skippedPatients: [] };
  for (const [patientId, recall] of byPatient) {
    const row = await findPatient(db, actor.practiceId, patientId);
    if (!row) continue;
    const patient = toPatient(row);
    const reason = visits.get(patientId)?.booked
      ? 'booked'
      : patient.medicalHistory.communicationPreference === 'email' && !patient.email
        ? 'no-address'
        : null;
    if (reason) {
      result.skipped += 1;
      result.skippedPatients.push({ patientId, reason });
      continue;
    }
    await queueMessage(db, {
      practiceId: actor.practiceId,
      patientId,
      appointmentId: null,
      type: 'recall',
      message: fill(RECALL_TEXTS.reminder, { firstName: patient.firstName, recallType: recall.recallTypeName }),
      userId: actor.userId,
      now: actor.now,
    });
    result.queued += 1;
  }
  return result;
}
