import { MESSAGES } from '@dental/domain/messages';
import { can } from '@dental/domain/permissions/can';
import type { Permission } from '@dental/domain/permissions/catalogue';
import { PRACTICE_HEADER } from '@dental/domain/practices/practice';
import { parseWith } from '@dental/domain/validation/issues';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type * as v from 'valibot';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/connection.ts';
import type { SessionRecord } from '../services/sessions.ts';
import { type AccountRecord, findUserById } from '../services/users.ts';
import { badRequest, forbidden, HttpError, unauthorized } from './http-error.ts';
import {
  findStoredResult,
  IdempotencyKeyReused,
  idempotencyScope,
  isFinalStatus,
  readIdempotencyKey,
  type StoredResult,
  sendReplay,
  storeResult,
} from './idempotency.ts';
import { requestSession } from './request-session.ts';

type MaybeSchema = v.GenericSchema | undefined;
type Out<S extends MaybeSchema> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

export interface Caller {
  account: AccountRecord;
  session: SessionRecord;
}

export interface RouteContext<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema> {
  /** The database, or for a transactional route its transaction: everything the handler writes commits together. */
  db: Db;
  request: FastifyRequest;
  reply: FastifyReply;
  now: Date;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

export interface SignedInContext<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema>
  extends RouteContext<P, Q, B> {
  caller: Caller;
  /** The practice this request acts in; every query must be scoped to it. */
  practiceId: number;
}

interface RouteDoc {
  method: HTTPMethods;
  url: string;
  summary: string;
  tag: string;
  access: 'public' | 'signed-in';
  permission?: Permission;
  practiceScoped: boolean;
  params?: v.GenericSchema;
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  responses: Record<number, string>;
}

interface BaseSpec<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema> {
  method: HTTPMethods;
  url: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  status?: number;
  /**
   * Writes run in one transaction, rolled back if the handler throws, so a refused request changes
   * nothing. Defaults to true for every method but GET.
   */
  transactional?: boolean;
  /** Status codes this route can answer besides the common ones, for the API description. */
  responses?: Record<number, string>;
}

export interface PublicRouteSpec<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema>
  extends BaseSpec<P, Q, B> {
  access: 'public';
  handler: (ctx: RouteContext<P, Q, B>) => Promise<unknown>;
}

export interface SignedInRouteSpec<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema>
  extends BaseSpec<P, Q, B> {
  access: 'signed-in';
  permission?: Permission;
  /** False for calls about the user rather than a practice (sign-in, own password). */
  practiceScoped?: boolean;
  /** Reachable while the user still has to replace a temporary password. */
  allowedDuringPasswordReset?: boolean;
  handler: (ctx: SignedInContext<P, Q, B>) => Promise<unknown>;
}

export type RouteSpec<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema> =
  | PublicRouteSpec<P, Q, B>
  | SignedInRouteSpec<P, Q, B>;

export class RouteRegistry {
  readonly docs: RouteDoc[] = [];
}

function validate<S extends MaybeSchema>(schema: S, input: unknown, root: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = parseWith(schema, input ?? (root === 'body' ? undefined : {}), root);
  if (!result.ok) throw badRequest(result.issues);
  return result.value as Out<S>;
}

export async function authenticate(deps: AppDeps, request: FastifyRequest): Promise<Caller> {
  const lookup = await requestSession(deps, request);
  if (lookup.kind === 'expired') throw unauthorized(MESSAGES.sessionExpired);
  if (lookup.kind === 'none') throw unauthorized(MESSAGES.notSignedIn);
  const account = await findUserById(deps.db, lookup.session.userId);
  if (!account) throw unauthorized(MESSAGES.notSignedIn);
  return { account, session: lookup.session };
}

/** X-Practice-ID if sent, else the session's current practice; either must be one the user may access. */
function resolvePractice(request: FastifyRequest, caller: Caller): number {
  const header = request.headers[PRACTICE_HEADER];
  let practiceId = caller.session.currentPracticeId;
  if (header !== undefined) {
    const raw = Array.isArray(header) ? header[0] : header;
    if (!raw || !/^\d{1,9}$/.test(raw.trim()) || Number(raw) < 1) {
      throw badRequest([{ field: 'X-Practice-ID', message: 'X-Practice-ID must be a positive whole number' }]);
    }
    practiceId = Number(raw);
  }
  if (!caller.account.allowedPracticeIds.includes(practiceId)) throw forbidden(MESSAGES.accessDeniedPractice);
  return practiceId;
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
  const practiceScoped = spec.access === 'signed-in' && spec.practiceScoped !== false;
  registry.docs.push({
    method: spec.method,
    url: spec.url,
    summary: spec.summary,
    tag: spec.tag,
    access: spec.access,
    permission: spec.access === 'signed-in' ? spec.permission : undefined,
    practiceScoped,
    params: spec.params,
    query: spec.query,
    body: spec.body,
    responses: spec.responses ?? {},
  });

  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (request, reply) => {
      const now = deps.clock();
      const input = () => ({
        params: validate(spec.params, request.params, 'params') as Out<P>,
        query: validate(spec.query, request.query, 'query') as Out<Q>,
        body: validate(spec.body, request.body, 'body') as Out<B>,
      });
      const transactional = spec.transactional ?? spec.method !== 'GET';
      const inTransaction = <T>(work: (db: Db) => Promise<T>): Promise<T> =>
        transactional ? deps.db.transaction().execute(work) : work(deps.db);
      let result: unknown;
      if (spec.access === 'public') {
        result = await inTransaction((db) => spec.handler({ db, request, reply, now, ...input() }));
      } else {
        const caller = await authenticate(deps, request);
        if (caller.account.row.must_reset_password === 1 && !spec.allowedDuringPasswordReset) {
          throw new HttpError(403, {
            error: 'Password reset required',
            message: MESSAGES.passwordResetRequired,
            mustResetPassword: true,
          });
        }
        const practiceId = practiceScoped ? resolvePractice(request, caller) : caller.session.currentPracticeId;
        const key = spec.method === 'GET' || spec.method === 'HEAD' ? undefined : readIdempotencyKey(request);
        const scope = key ? idempotencyScope(request, caller.account.row.id, practiceId, key) : undefined;
        const run = async (db: Db): Promise<{ replay: StoredResult } | { value: unknown }> => {
          // Looked up inside the transaction: SQLite runs one at a time, so a concurrent retry waits and replays.
          const stored = scope ? await findStoredResult(db, scope, now) : undefined;
          if (stored) return { replay: stored };
          if (
            spec.permission &&
            !can({ role: caller.account.row.role, permissions: caller.account.permissions }, spec.permission)
          ) {
            throw forbidden(MESSAGES.permissionDenied, { requiredPermission: spec.permission });
          }
          const value = await spec.handler({ db, request, reply, now, caller, practiceId, ...input() });
          if (scope && !reply.sent) {
            const statusCode = spec.status ?? reply.statusCode;
            await storeResult(db, scope, { statusCode, body: JSON.stringify(value) ?? '' }, now);
          }
          return { value };
        };
        let outcome: { replay: StoredResult } | { value: unknown };
        try {
          outcome = await inTransaction(run);
        } catch (error) {
          // The refusal rolled the transaction back; its answer is stored on its own so a retry gets it again.
          if (
            scope &&
            error instanceof HttpError &&
            !(error instanceof IdempotencyKeyReused) &&
            isFinalStatus(error.statusCode)
          ) {
            await storeResult(deps.db, scope, { statusCode: error.statusCode, body: JSON.stringify(error.body) }, now);
          }
          throw error;
        }
        if ('replay' in outcome) return sendReplay(reply, outcome.replay);
        result = outcome.value;
      }
      if (reply.sent) return reply;
      if (spec.status) reply.code(spec.status);
      return result;
    },
  });
}
