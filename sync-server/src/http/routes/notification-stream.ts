import { PassThrough } from 'node:stream';
import { HEADERS } from '@dental/domain/sync/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context.ts';
import { requireNoPendingPasswordReset } from '../../services/caller.ts';
import { newNotifications, STREAM_TIMING, streamStart } from '../../services/notification-stream.ts';
import { idleTimeoutMs } from '../../services/security-policy.ts';
import { sessionStillActive } from '../../services/sessions.ts';
import { logServerError } from '../hooks/logging.ts';
import { resolvePractice } from '../practice-header.ts';
import { authenticate } from '../session.ts';

/** Last-Event-ID, when the browser reconnects after a drop: the id of the last notification it received. */
function lastEventId(header: string | string[] | undefined): number | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  return raw !== undefined && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : undefined;
}

/**
 * GET /api/notifications/stream: the signed-in user's new notifications in one practice, as server-sent
 * events, within a second or two of being stored. EventSource cannot send headers, so the practice comes
 * as ?practiceId= and is checked exactly as X-Practice-ID is. Not a defineRoute route: its answer never
 * ends, and it runs no transaction while it stays open.
 */
export function registerNotificationStream(app: FastifyInstance, deps: AppDeps): void {
  const open = new Set<() => void>();
  // Open streams would keep app.close() waiting for ever: they end first.
  app.addHook('preClose', async () => {
    for (const stop of [...open]) stop();
  });

  app.get<{ Querystring: { practiceId?: string } }>('/api/notifications/stream', async (request, reply) => {
    const caller = await authenticate(deps, request);
    requireNoPendingPasswordReset(caller);
    const practiceId = resolvePractice(request.query.practiceId ?? request.headers[HEADERS.practice], caller);
    const reader = { userId: caller.account.row.id, practiceId };
    let after = await streamStart(deps.db, reader, lastEventId(request.headers['last-event-id']));

    const stream = new PassThrough();
    let busy = false;
    const poll = async () => {
      if (busy) return;
      busy = true;
      try {
        for (const notification of await newNotifications(deps.db, reader, after)) {
          stream.write(`id: ${notification.id}\ndata: ${JSON.stringify(notification)}\n\n`);
          after = notification.id;
        }
      } catch (error) {
        logServerError(request, error, 'notification stream poll failed');
      } finally {
        busy = false;
      }
    };
    const heartbeat = async () => {
      const lifetime = {
        // The administrator's idle timeout (issue 21) when one is saved, as for every other request.
        idleTimeoutMs: await idleTimeoutMs(deps.db, deps.settings).catch(() => deps.settings.sessionIdleTimeoutMs),
        absoluteLifetimeMs: deps.settings.sessionAbsoluteLifetimeMs,
      };
      if (await sessionStillActive(deps.db, caller.session.id, deps.clock(), lifetime).catch(() => true)) {
        stream.write(': heartbeat\n\n');
      } else {
        stop();
      }
    };
    const polling = setInterval(() => void poll(), STREAM_TIMING.pollMs);
    const beating = setInterval(() => void heartbeat(), STREAM_TIMING.heartbeatMs);
    function stop() {
      clearInterval(polling);
      clearInterval(beating);
      open.delete(stop);
      stream.end();
    }
    open.add(stop);
    reply.raw.on('close', stop);

    // The browser waits this long before reconnecting after a drop; the comment sends the headers at once.
    stream.write(`retry: ${STREAM_TIMING.retryMs}\n: connected\n\n`);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
