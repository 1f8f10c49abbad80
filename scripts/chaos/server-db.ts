import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The part of better-sqlite3 used here; it is the server's dependency, loaded from there. */
interface Statement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}
interface SqliteDatabase {
  prepare(source: string): Statement;
  close(): void;
}
type SqliteConstructor = new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteDatabase;

export interface ServerAppointment {
  room: string;
  start: string;
  status: string;
  notes: string | null;
  checkInNotes: string | null;
  version: number;
}

export interface ServerPatient {
  address: string | null;
  version: number;
}

export interface AuditRow {
  id: number;
  userId: number;
  action: string;
  entityId: string;
}

/** What the server's database holds for the practice after the run, read once. */
export interface ServerSnapshot {
  integrity: string;
  practiceVersion: number;
  appointments: Map<string, ServerAppointment>;
  patients: Map<string, ServerPatient>;
  /** The stored final answer per `${userId}:${Idempotency-Key}`, with when its request started. */
  answers: Map<string, { status: number; at: string }>;
  /** Write audits of the run's users, in the order they were written. */
  audits: AuditRow[];
  /** Texts the run's writes made unique that the database holds more than once. */
  repeatedTags: { column: string; value: string; count: number }[];
}

export function answerKey(userId: number, key: string): string {
  return `${userId}:${key}`;
}

function loadSqlite(root: string): SqliteConstructor {
  return createRequire(join(root, 'sync-server', 'package.json'))('better-sqlite3') as SqliteConstructor;
}

/** Which of these Idempotency-Keys the server has committed an answer for: a read-only look while it runs. */
export interface CommitWatch {
  committed(userId: number, keys: readonly string[]): number;
  close(): void;
}

export function watchCommits(root: string, dataDir: string, practiceId: number): CommitWatch {
  const Database = loadSqlite(root);
  const db = new Database(join(dataDir, 'dental.sqlite'), { readonly: true, fileMustExist: true });
  return {
    committed(userId, keys) {
      if (keys.length === 0) return 0;
      const found = db
        .prepare(
          `select count(*) as count from idempotency_keys
           where practice_id = ? and user_id = ? and key in (${keys.map(() => '?').join(', ')})`,
        )
        .get(practiceId, userId, ...keys) as { count: number };
      return found.count;
    },
    close: () => db.close(),
  };
}

/** Reads the database file directly, read-only, with the server stopped (or still running: WAL allows it). */
export function readServerDatabase(
  root: string,
  dataDir: string,
  scope: { practiceId: number; userIds: readonly number[]; since: string },
): ServerSnapshot {
  const Database = loadSqlite(root);
  const db = new Database(join(dataDir, 'dental.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = <T>(source: string, ...params: unknown[]) => db.prepare(source).all(...params) as T[];
    const [integrity] = rows<{ integrity_check: string }>('pragma integrity_check');
    const version = db.prepare('select version from practice_versions where practice_id = ?').get(scope.practiceId) as
      | { version: number }
      | undefined;
    const appointments = new Map(
      rows<{
        id: string;
        treatment_room: string;
        appointment_date: string;
        status: string;
        notes: string | null;
        check_in_notes: string | null;
        version: number | null;
      }>(
        `select a.id, a.treatment_room, a.appointment_date, a.status, a.notes, a.check_in_notes, v.version
         from appointments a left join row_versions v
           on v.practice_id = a.practice_id and v.table_name = 'appointments' and v.row_id = a.id
         where a.practice_id = ?`,
        scope.practiceId,
      ).map((row) => [
        row.id,
        {
          room: row.treatment_room,
          start: row.appointment_date,
          status: row.status,
          notes: row.notes,
          checkInNotes: row.check_in_notes,
          version: row.version ?? 0,
        },
      ]),
    );
    const patients = new Map(
      rows<{ id: string; address: string | null; version: number | null }>(
        `select p.id, p.address, v.version
         from patients p left join row_versions v
           on v.practice_id = p.practice_id and v.table_name = 'patients' and v.row_id = p.id
         where p.practice_id = ?`,
        scope.practiceId,
      ).map((row) => [row.id, { address: row.address, version: row.version ?? 0 }]),
    );
    const users = scope.userIds.map(() => '?').join(', ');
    const answers = new Map(
      rows<{ user_id: number; key: string; status_code: number; created_at: string }>(
        `select user_id, key, status_code, created_at from idempotency_keys
         where practice_id = ? and user_id in (${users})`,
        scope.practiceId,
        ...scope.userIds,
      ).map((row) => [answerKey(row.user_id, row.key), { status: row.status_code, at: row.created_at }]),
    );
    const audits = rows<{ id: number; user_id: number; action: string; entity_id: string }>(
      `select id, user_id, action, entity_id from audit_log
       where practice_id = ? and user_id in (${users}) and at >= ? and entity in ('appointment', 'patient')
       order by id`,
      scope.practiceId,
      ...scope.userIds,
      scope.since,
    ).map((row) => ({ id: row.id, userId: row.user_id, action: row.action, entityId: row.entity_id }));
    const repeatedTags = [
      ...rows<{ value: string; count: number }>(
        `select notes as value, count(*) as count from appointments
         where notes like 'chaos %' group by notes having count(*) > 1`,
      ).map((row) => ({ column: 'appointments.notes', ...row })),
      ...rows<{ value: string; count: number }>(
        `select check_in_notes as value, count(*) as count from appointments
         where check_in_notes like 'chaos %' group by check_in_notes having count(*) > 1`,
      ).map((row) => ({ column: 'appointments.check_in_notes', ...row })),
      ...rows<{ value: string; count: number }>(
        `select address as value, count(*) as count from patients
         where address like '1 Chaos Lane, chaos %' group by address having count(*) > 1`,
      ).map((row) => ({ column: 'patients.address', ...row })),
    ];
    return {
      integrity: integrity?.integrity_check ?? 'no answer',
      practiceVersion: version?.version ?? 0,
      appointments,
      patients,
      answers,
      audits,
      repeatedTags,
    };
  } finally {
    db.close();
  }
}
