import { HEADERS } from '@dental/domain/sync/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../context.ts';
import { requireNoPendingPasswordReset } from '../services/caller.ts';
import { requestHash } from '../services/idempotency.ts';
import { Answer, statusOf } from './answer.ts';
import { logServerError } from './hooks/logging.ts';
import { readIdempotencyKey, sendReplay } from './idempotency.ts';
import { type Invocation, runPublic, runSignedIn } from './pipeline.ts';
import { resolvePractice } from './practice-header.ts';
import type { RouteRegistry } from './route-registry.ts';
import type { Client, MaybeSchema, RouteContext, RouteEntry, RouteSpec, SignedInContext } from './route-spec.ts';
import { authenticate } from './session.ts';

function entryOf<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema>(
  spec: RouteSpec<P, Q, B>,
): RouteEntry {
  const common = {
    method: spec.method,
    url: spec.url,
    summary: spec.summary,
    tag: spec.tag,
    params: spec.params,
    query: spec.query,
    body: spec.body,
    status: spec.status,
    transactional: spec.transactional ?? spec.method !== 'GET',
    responses: spec.responses ?? {},
    documented: spec.documented ?? true,
  };
  if (spec.access === 'public') {
    // The pipeline validated the input with these very schemas, so it has their output types.
    return { ...common, access: 'public', handle: (ctx) => spec.handler(ctx as RouteContext<P, Q, B>) };
  }
  return {
    ...common,
    access: 'signed-in',
    permission: spec.permission,
    practiceScoped: spec.practiceScoped !== false,
    allowedDuringPasswordReset: spec.allowedDuringPasswordReset === true,
    handle: (ctx) => spec.handler(ctx as SignedInContext<P, Q, B>),
  };
}

function clientOf(request: FastifyRequest): Client {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    https: request.protocol === 'https',
    cookies: request.cookies,
    ...(typeof agent === 'string' ? { userAgent: agent.slice(0, 300) } : {}),
  };
}

function send(reply: FastifyReply, routeStatus: number | undefined, result: unknown): unknown {
  reply.code(statusOf(routeStatus, result));
  if (!(result instanceof Answer)) return result;
  reply.headers(result.options.headers ?? {});
  for (const cookie of result.options.cookies ?? []) {
    if (cookie.value === null) reply.clearCookie(cookie.name, cookie.options);
    else reply.setCookie(cookie.name, cookie.value, cookie.options);
  }
  return result.body;
}

async function handle(deps: AppDeps, entry: RouteEntry, request: FastifyRequest, reply: FastifyReply) {
  const invocation: Invocation = {
    now: deps.clock(),
    client: clientOf(request),
    log: (error, message) => logServerError(request, error, message),
    params: request.params,
    query: request.query,
    body: request.body,
  };
  if (entry.access === 'public') return send(reply, entry.status, await runPublic(deps, entry, invocation));
  const caller = await authenticate(deps, request);
  if (!entry.allowedDuringPasswordReset) requireNoPendingPasswordReset(caller);
  const practiceId = entry.practiceScoped
    ? resolvePractice(request.headers[HEADERS.practice], caller)
    : caller.session.currentPracticeId;
  // Reads are never replayed: they change nothing, so a retry may as well run again.
  const key = entry.method === 'GET' ? undefined : readIdempotencyKey(request.headers[HEADERS.idempotencyKey]);
  const scope =
    key === undefined
      ? undefined
      : {
          userId: caller.account.row.id,
          practiceId,
          key,
          method: request.method,
          path: request.url.split('?')[0] ?? request.url,
          requestHash: requestHash(request.body),
        };
  const result = await runSignedIn(deps, entry, invocation, { caller, practiceId }, scope);
  if ('replay' in result) return sendReplay(reply, result.replay);
  return send(reply, entry.status, result.value);
}

/**
 * Registers a route whose checks run in one fixed order:
 * session, password-reset gate, practice access, Idempotency-Key (replay), permission, then input validation.
 * A signed-in write sent with an Idempotency-Key has its final answer stored with its own writes,
 * so a retry of a request whose answer was lost gets that answer again instead of a second write.
 */
export function defineRoute<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema>(
  app: FastifyInstance,
  deps: AppDeps,
  registry: RouteRegistry,
  spec: RouteSpec<P, Q, B>,
): void {
  const entry = entryOf(spec);
  registry.add(entry);
  app.route({ method: spec.method, url: spec.url, handler: (request, reply) => handle(deps, entry, request, reply) });
}
