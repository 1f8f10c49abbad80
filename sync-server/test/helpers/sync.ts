import type { PullChange, PullResponse } from '@dental/domain/sync/protocol';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

export interface PullOptions {
  limit?: number;
  practiceId?: number;
  focus?: string;
}

/** One page of the pull feed from the cursor (200 expected). */
export async function pull(t: TestApp, cookie: string, cursor?: string, options: PullOptions = {}) {
  const params = new URLSearchParams();
  if (cursor !== undefined) params.set('cursor', cursor);
  if (options.limit !== undefined) params.set('limit', String(options.limit));
  if (options.focus !== undefined) params.set('focus', options.focus);
  const response = await t.request({ url: `/api/sync/pull?${params}`, cookie, practiceId: options.practiceId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PullResponse;
}

/** Every page from the cursor until hasMore is false. */
export async function pullAll(t: TestApp, cookie: string, cursor?: string, options: PullOptions = {}) {
  const pages: PullResponse[] = [];
  let next = cursor;
  for (;;) {
    const page = await pull(t, cookie, next, options);
    pages.push(page);
    next = page.cursor;
    if (!page.hasMore) break;
  }
  return { pages, cursor: next ?? '', changes: pages.flatMap((page) => page.changes) };
}

export const ofTable = (changes: PullChange[], table: string) => changes.filter((change) => change.table === table);
