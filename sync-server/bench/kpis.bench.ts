/**
 * The practice manager's KPI query (issue 19) over a year of data at the largest demo practice (Toronto Downtown
 * Dental: 14 rooms, 7 providers, 45% of the demo's 5,000 patients), run by `pnpm bench` (or BENCH_ONLY=kpis).
 * The demo seed, then a year of bookings before its four weeks, built by the seed's own booking rules at the
 * seed's daily volume, with check-out payments, patients created through the year and two recalls per patient.
 * GET /api/reports/kpis for the last 366 days is timed through fastify.inject, on SQLite and, when
 * BENCH_POSTGRES_URL is set (scripts/bench-kpis.mjs starts one), on PostgreSQL. Prints a table and writes
 * bench-results/kpis.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHECKOUT } from '@dental/domain/constants';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { localDate } from '@dental/domain/time/zones';
import { type Insertable, sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { defaultSettings } from '../src/config.ts';
import { type Db, migrateToLatest, openDatabase } from '../src/db/connection.ts';
import { isPostgres } from '../src/db/dialect.ts';
import type { RecallsTable } from '../src/db/schema.ts';
import { insertInChunks } from '../src/repos/bulk-insert.ts';
import { buildAppointments } from '../src/seed/appointments.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { PRACTICES } from '../src/seed/practices.ts';
import { chance, createSeededFaker } from '../src/seed/random.ts';
import { scryptHasher } from '../src/services/passwords.ts';

const NOW = new Date('2026-11-24T14:00:00.000Z');
const PRACTICE_ID = 1;
const TARGET_MS = 300;
const RUNS = 30;
const WARM_UP = 3;
const DAY_MS = 86_400_000;
const hasher = scryptHasher({ N: 1024, r: 8, p: 1 });

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

interface YearSize {
  appointments: number;
  appointmentsPerOpenDay: number;
  payments: number;
  patients: number;
  recalls: number;
}

/** The demo, then the year before its four weeks at practice 1, at the seed's own daily volume. */
async function fillYear(db: Db): Promise<YearSize> {
  await migrateToLatest(db);
  await seedDemoData(db, { clock: () => NOW, hasher });
  const practice = PRACTICES.find((p) => p.id === PRACTICE_ID);
  if (!practice) throw new Error('no practice 1 in the seed');
  const staff = await db
    .selectFrom('users')
    .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
    .select(['users.id', 'users.role'])
    .where('user_practices.practice_id', '=', PRACTICE_ID)
    .execute();
  const ofRole = (role: string) => staff.filter((user) => user.role === role).map((user) => user.id);
  const patients = await db
    .selectFrom('patients')
    .select(['id', 'is_active', 'preferred_provider_id'])
    .where('practice_id', '=', PRACTICE_ID)
    .orderBy('id')
    .execute();

  const faker = createSeededFaker(19);
  // Offsets -379 to -15: the 365 days before the demo's own 14 past days.
  const year = buildAppointments(
    faker,
    practice,
    { doctors: ofRole('doctor'), hygienists: ofRole('hygienist'), assistants: ofRole('assistant') },
    patients.map((p) => ({ id: p.id, isActive: p.is_active === 1, preferredProviderId: p.preferred_provider_id })),
    NOW,
    { daysBefore: 379, daysAfter: -15 },
  ).map((row) => {
    const paid = row.status === 'completed' && chance(faker, 0.85);
    return {
      ...row,
      payment_collected: paid ? 1 : 0,
      payment_amount: paid ? faker.number.int({ min: 4000, max: 60000 }) / 100 : null,
      payment_method: paid ? faker.helpers.arrayElement(CHECKOUT.paymentMethods) : null,
    };
  });
  await insertInChunks(db, 'appointments', year);

  // Every patient of the practice joined during the year, so each day has its share of new patients.
  const yearStart = NOW.getTime() - 365 * DAY_MS;
  await db.transaction().execute(async (trx) => {
    for (const [index, patient] of patients.entries()) {
      const created = new Date(yearStart + Math.floor((index / patients.length) * 365 * DAY_MS)).toISOString();
      await trx.updateTable('patients').set({ created_at: created }).where('id', '=', patient.id).execute();
    }
  });

  // Two recalls a year per patient, six months apart, their first due date anywhere in the year.
  const type = await db
    .selectFrom('recall_types')
    .select('id')
    .where('practice_id', '=', PRACTICE_ID)
    .executeTakeFirstOrThrow();
  const today = localDate(NOW, practice.timezone);
  const recalls: Insertable<RecallsTable>[] = patients.flatMap((patient) => {
    const first = addDays(today, -faker.number.int({ min: 0, max: 364 }));
    return [first, addDays(first, 182)].map((dueDate) => ({
      id: randomUUID(),
      practice_id: PRACTICE_ID,
      patient_id: patient.id,
      recall_type_id: type.id,
      due_date: dueDate,
      priority: 'normal',
      status: 'active',
      created_at: NOW.toISOString(),
    }));
  });
  await insertInChunks(db, 'recalls', recalls);

  // PostgreSQL's autovacuum would gather statistics soon after a load this size; without them its first plans
  // are guesses no running server keeps for long. SQLite gathers none unless told, and the server never tells it.
  if (isPostgres(db)) await sql`analyze`.execute(db);

  const openDays = new Set(year.map((row) => localDate(row.appointment_date as string, practice.timezone))).size;
  return {
    appointments: year.length,
    appointmentsPerOpenDay: round(year.length / openDays),
    payments: year.filter((row) => row.payment_collected === 1).length,
    patients: patients.length,
    recalls: recalls.length,
  };
}

interface Timing {
  scope: string;
  medianMs: number;
  p95Ms: number;
  ratioToTarget: number;
}

async function timeReport(db: Db): Promise<Timing[]> {
  const app = await buildApp({
    db,
    clock: () => NOW,
    hasher,
    settings: { ...defaultSettings(null), rateLimitMax: 1_000_000 },
  });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'demo1234' },
    });
    const sid = login.cookies.find((cookie) => cookie.name === 'sid');
    if (!sid) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    const to = localDate(NOW, 'America/Toronto');
    const from = addDays(to, -365);
    const timings: Timing[] = [];
    for (const scope of ['practice', 'all']) {
      const times: number[] = [];
      for (let run = 0; run < WARM_UP + RUNS; run++) {
        const before = performance.now();
        const response = await app.inject({
          url: `/api/reports/kpis?from=${from}&to=${to}&scope=${scope}`,
          headers: { cookie: `sid=${sid.value}`, 'x-practice-id': String(PRACTICE_ID) },
        });
        const elapsed = performance.now() - before;
        if (response.statusCode !== 200) throw new Error(`kpis: ${response.statusCode} ${response.body}`);
        if (run >= WARM_UP) times.push(elapsed);
      }
      const medianMs = round(quantile(times, 0.5));
      timings.push({
        scope,
        medianMs,
        p95Ms: round(quantile(times, 0.95)),
        ratioToTarget: round(medianMs / TARGET_MS, 2),
      });
    }
    return timings;
  } finally {
    await app.close();
  }
}

const results: Record<string, { size: YearSize; timings: Timing[] }> = {};

const dir = mkdtempSync(join(tmpdir(), 'dental-bench-kpis-'));
const sqlite = openDatabase(join(dir, 'bench.sqlite'));
try {
  const size = await fillYear(sqlite);
  results.sqlite = { size, timings: await timeReport(sqlite) };
} finally {
  await sqlite.destroy();
  rmSync(dir, { recursive: true, force: true });
}

const postgresUrl = process.env.BENCH_POSTGRES_URL;
if (postgresUrl) {
  const postgres = openDatabase({ kind: 'postgres', url: postgresUrl });
  try {
    const size = await fillYear(postgres);
    results.postgres = { size, timings: await timeReport(postgres) };
  } finally {
    await postgres.destroy();
  }
}

const size = results.sqlite?.size;
if (size) {
  console.log(
    `\nKPI report over 366 days, practice 1 with a year of data: ${size.appointments} appointments ` +
      `(${size.appointmentsPerOpenDay} per open day), ${size.payments} check-out payments, ${size.patients} patients ` +
      `created in the year, ${size.recalls} recalls (plus the demo's other practices and four weeks)`,
  );
}
console.log(`| database | scope | median ms | p95 ms | target ms | median / target |`);
console.log('|---|---|---|---|---|---|');
for (const [database, result] of Object.entries(results)) {
  for (const timing of result.timings) {
    console.log(
      `| ${database} | ${timing.scope} | ${timing.medianMs} | ${timing.p95Ms} | ${TARGET_MS} | ${timing.ratioToTarget} |`,
    );
  }
}

const out = resolve(import.meta.dirname, '../../bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'kpis.json'), `${JSON.stringify({ targetMs: TARGET_MS, runs: RUNS, ...results }, null, 2)}\n`);
if (Object.values(results).some((result) => result.timings.some((timing) => timing.p95Ms > TARGET_MS))) {
  console.error(`The KPI report took longer than ${TARGET_MS} ms (p95).`);
  process.exitCode = 1;
}
