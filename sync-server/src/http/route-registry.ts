import FindMyWay from 'find-my-way';
import type { RouteEntry, RouteMethod } from './route-spec.ts';

export type RouteMatch = { entry: RouteEntry; params: Record<string, string | undefined> };

/** Every route the app defines, in definition order, with a router to find one by method and path. */
export class RouteRegistry {
  readonly routes: RouteEntry[] = [];
  // Fastify's router, with Fastify's defaults: a path parameter longer than 100 characters is reported, not missed.
  readonly #router = FindMyWay({ onMaxParamLength: () => undefined });

  add(entry: RouteEntry): void {
    this.routes.push(entry);
    this.#router.on(entry.method, entry.url, () => undefined, entry);
  }

  /** The route a request would reach, with its path parameters; 'param-too-long' as Fastify refuses it. */
  find(method: RouteMethod, path: string): RouteMatch | 'param-too-long' | undefined {
    const found = this.#router.find(method, path);
    if (!found) return undefined;
    const entry = found.store as RouteEntry | null;
    return entry ? { entry, params: found.params } : 'param-too-long';
  }
}
