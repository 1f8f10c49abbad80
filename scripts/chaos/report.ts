import { availableParallelism, loadavg } from 'node:os';
import type { Device } from './device.ts';
import type { KillPoint, Timings } from './run.ts';
import { answerKey, type ServerSnapshot } from './server-db.ts';
import { countByKind, type Findings } from './verify.ts';
import { type Plan, WRITE_KINDS, type Write } from './workload.ts';

export const SYNC_GOAL_MS = 10_000;

export interface RunReport {
  mode: 'full' | 'short';
  seed: number;
  timings: Timings;
  plan: Plan;
  writes: readonly Write[];
  /** Each pusher's failed attempts during the outage, and those of its oldest entry (its backoff). */
  atReconnect: readonly { device: string; failedAttempts: number; headAttempts: number }[];
  /** Promise rejections nobody handled in time (a browser logs them to the console). */
  unhandled: readonly string[];
  kill: KillPoint | null;
  devices: readonly Device[];
  snapshot: ServerSnapshot;
  findings: Findings;
}

export const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  return cells
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
        .join('  '),
    )
    .map((line) => `  ${line}`)
    .join('\n');
}

function killLine(kill: KillPoint | null, appliedBefore: number, writes: number): string {
  if (!kill) return 'none: the catch-up ended before the chosen push batch';
  return (
    `SIGKILL during push batch #${kill.push} of the catch-up (device ${kill.device}, ${kill.actionIds.length} actions), ` +
    `${ms(kill.afterMs)} after it left, with ${kill.committedAtKill} of its actions committed and no answer sent; ` +
    `${appliedBefore} of the ${writes} writes were on the server by then; ` +
    `restarted on the same data and port in ${ms(kill.restartMs)}`
  );
}

/** Writes the server had answered (committed) before it was killed. */
function appliedBefore(report: RunReport): number {
  const { kill } = report;
  if (!kill) return 0;
  const killedAt = kill.killedAt.toISOString();
  return report.writes.filter((write) => {
    const answer = report.snapshot.answers.get(answerKey(write.userId, write.entryId));
    return answer !== undefined && answer.at <= killedAt;
  }).length;
}

/** Prints the summary; true when every invariant holds. */
export function printReport(report: RunReport): boolean {
  const { findings, timings, snapshot, plan, writes } = report;
  const byKind = countByKind(findings.outcomes);
  const rows: (string | number)[][] = WRITE_KINDS.map((kind) => {
    const row = byKind.get(kind);
    return [
      kind,
      row?.writes ?? 0,
      row?.accepted ?? 0,
      row?.['needs attention'] ?? 0,
      row?.['still queued'] ?? 0,
      (row?.lost ?? 0) + (row?.['refused, not shown'] ?? 0),
    ];
  });
  const total = (column: number) => rows.reduce((sum, row) => sum + Number(row[column] ?? 0), 0);
  rows.push(['total', total(1), total(2), total(3), total(4), total(5)]);

  const reasons = new Map<string, { count: number; example: string }>();
  for (const { refusal } of findings.outcomes) {
    if (!refusal) continue;
    const name = `${refusal.status} ${refusal.message}`;
    const entry = reasons.get(name) ?? { count: 0, example: refusal.shown };
    entry.count += 1;
    reasons.set(name, entry);
  }
  const duplicates = findings.duplicates.length;
  const reopens = report.devices.flatMap((device) => device.reopens);
  const goal = timings.syncMs < SYNC_GOAL_MS ? 'met' : 'MISSED';
  const killed = killLine(report.kill, appliedBefore(report), writes.length);

  const invariants: [string, boolean, readonly string[]][] = [
    [
      'every write accounted for: accepted once, or in Needs attention with the server’s answer',
      findings.outcomes.every((outcome) => outcome.result === 'accepted' || outcome.result === 'needs attention') &&
        findings.missing.length === 0,
      [
        ...findings.outcomes
          .filter((outcome) => outcome.result !== 'accepted' && outcome.result !== 'needs attention')
          .map((outcome) => `${outcome.write.tag} (${outcome.write.kind}): ${outcome.result}`),
        ...findings.missing,
      ],
    ],
    ['zero duplicates', duplicates === 0, findings.duplicates],
    ['PRAGMA integrity_check is ok', snapshot.integrity === 'ok', [snapshot.integrity]],
    [
      'each contested slot: one booking accepted, the other refused',
      findings.contested.length === 0,
      findings.contested,
    ],
    ['no other write refused', findings.unexpected.length === 0, findings.unexpected],
    ['queue order kept (final rows and audit order)', findings.order.length === 0, findings.order],
    ['every device in sync with the server', findings.sync.length === 0, findings.sync],
    [
      'server killed with SIGKILL in the middle of a push batch of the catch-up, and restarted',
      report.kill !== null &&
        report.kill.committedAtKill > 0 &&
        report.kill.committedAtKill < report.kill.actionIds.length,
      [killed],
    ],
    [
      'every store closed and reopened with entries still queued, once during the catch-up',
      report.devices.every((device) => device.reopens.some((reopen) => reopen.queuedAtClose > 0)) &&
        reopens.some((reopen) => reopen.phase === 'catch-up' && reopen.queuedAtClose > 0),
      reopens.map((reopen) => `${reopen.device} ${reopen.phase}: ${reopen.queuedAtClose} queued`),
    ],
  ];

  const lines = [
    '',
    `Chaos run (${report.mode}, seed ${report.seed}): ${report.devices.length} devices, ${writes.length} writes offline ` +
      `(load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
    `  server first start (migrate, seed): ${ms(timings.firstStartMs)}; sign-in, unlock and first pull on every device: ${ms(timings.setupMs)}`,
    `  outage: ${writes.length} writes queued in ${ms(timings.outageMs)} (8 hours on the pushers' clock); ` +
      `check-ins on ${plan.checkInDays.join(', ')}; bookings on ${plan.bookingDays[0] ?? '-'} to ${plan.bookingDays.at(-1) ?? '-'}`,
    `  failed push attempts during the outage: ${report.atReconnect
      .map((device) => `${device.device} ${device.failedAttempts} (oldest entry ${device.headAttempts})`)
      .join(', ')}`,
    '',
    table(['kind', 'writes', 'accepted', 'needs attention', 'still queued', 'lost'], rows),
    '',
    '  Needs attention, by the server’s reason:',
    ...(reasons.size === 0
      ? ['    none']
      : [...reasons].map(([name, { count, example }]) => `    ${count} × ${name} (shown as: “${example}”)`)),
    '',
    `  duplicates: ${duplicates}`,
    `  integrity_check: ${snapshot.integrity}`,
    `  reconnect → every device in sync: ${ms(timings.syncMs)} (goal under ${ms(SYNC_GOAL_MS)}: ${goal}); ` +
      `CPU meanwhile: server ${timings.syncCpuMs.server === null ? 'n/a' : ms(timings.syncCpuMs.server)}, ` +
      `the three devices ${ms(timings.syncCpuMs.devices)}`,
    `  kill point: ${killed}`,
    `  store reopens: ${reopens.map((reopen) => `${reopen.device} ${reopen.phase} (${reopen.unlockWith}, ${reopen.queuedAtClose} queued)`).join('; ')}`,
    `  per device: ${report.devices
      .map(
        (device) =>
          `${device.name}=${device.username} sent ${device.counters.sent}, refused ${device.counters.refused}, ` +
          `retries ${device.counters.retries}, 'drained' events ${device.counters.drained}, ` +
          `pull failures ${device.counters.pullFailures}, signed out ${device.counters.signedOut}`,
      )
      .join('; ')}`,
    ...(report.unhandled.length > 0
      ? [
          `  unhandled promise rejections (a browser would log them): ${[...new Set(report.unhandled)].join('; ')} ×${report.unhandled.length}`,
        ]
      : []),
    '',
    '  invariants:',
  ];
  for (const [name, holds, details] of invariants) {
    lines.push(`    ${holds ? 'ok  ' : 'FAIL'} ${name}`);
    if (!holds) for (const detail of details.slice(0, 10)) lines.push(`           ${detail}`);
  }
  const passed = invariants.every(([, holds]) => holds);
  lines.push('', passed ? 'All invariants hold.' : 'Some invariants FAILED.');
  console.log(lines.join('\n'));
  return passed;
}
