import type { Permission } from '@dental/domain/permissions/catalogue';
import type * as v from 'valibot';
import type { Db } from '../db/connection.ts';
import type { Caller } from '../services/caller.ts';

/** The methods the API uses. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type MaybeSchema = v.GenericSchema | undefined;
export type Out<S extends MaybeSchema> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

/** Who sent the request, the same whether it came alone or as an action of a batch. */
export interface Client {
  ip: string;
  /** Over HTTPS, as the connection or the trusted proxy says. */
  https: boolean;
  cookies: Readonly<Record<string, string | undefined>>;
  /** The User-Agent header, cut to 300 characters: shown with the session on the security dashboard. */
  userAgent?: string;
}

/** Logs a failure the handler answers for itself, such as the health check's. */
export type FailureLog = (error: unknown, message: string) => void;

export interface RouteContext<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema> {
  /** The database, or for a transactional route its transaction: everything the handler writes commits together. */
  db: Db;
  now: Date;
  client: Client;
  log: FailureLog;
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

interface BaseSpec<P extends MaybeSchema, Q extends MaybeSchema, B extends MaybeSchema> {
  method: RouteMethod;
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
  /** False for routes left out of the API description (the description's own). */
  documented?: boolean;
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

interface EntryBase {
  method: RouteMethod;
  url: string;
  summary: string;
  tag: string;
  params: v.GenericSchema | undefined;
  query: v.GenericSchema | undefined;
  body: v.GenericSchema | undefined;
  status: number | undefined;
  transactional: boolean;
  responses: Record<number, string>;
  documented: boolean;
}

export interface PublicRouteEntry extends EntryBase {
  access: 'public';
  handle(ctx: RouteContext<MaybeSchema, MaybeSchema, MaybeSchema>): Promise<unknown>;
}

export interface SignedInRouteEntry extends EntryBase {
  access: 'signed-in';
  permission: Permission | undefined;
  practiceScoped: boolean;
  allowedDuringPasswordReset: boolean;
  handle(ctx: SignedInContext<MaybeSchema, MaybeSchema, MaybeSchema>): Promise<unknown>;
}

/** What the registry keeps of a route: enough to describe it and to run it without Fastify. */
export type RouteEntry = PublicRouteEntry | SignedInRouteEntry;
