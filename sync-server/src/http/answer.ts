import type { CookieChange } from './cookies.ts';

export interface AnswerOptions {
  status?: number;
  headers?: Record<string, string>;
  cookies?: readonly CookieChange[];
}

/**
 * What a handler returns when the answer needs more than a JSON body with the route's status: another
 * status, headers or cookies. The pipeline applies them; a batch action keeps only the status and body.
 */
export class Answer {
  constructor(
    readonly body: unknown,
    readonly options: AnswerOptions,
  ) {}
}

export function answerWith(body: unknown, options: AnswerOptions): Answer {
  return new Answer(body, options);
}

/** The status a handler's result answers with: its own, else the route's, else 200. */
export function statusOf(routeStatus: number | undefined, result: unknown): number {
  return (result instanceof Answer ? result.options.status : undefined) ?? routeStatus ?? 200;
}

export function bodyOf(result: unknown): unknown {
  return result instanceof Answer ? result.body : result;
}
