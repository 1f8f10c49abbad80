/// <reference lib="webworker" />
import { createIndexHandler } from './index-handler.ts';
import type { IndexRequest } from './protocol.ts';

/**
 * The patient index lives here, off the main thread: building it for 50,000 patients takes a few
 * hundred milliseconds, which would freeze typing. Messages arrive in order, so a search sees every
 * change sent before it.
 */
const handle = createIndexHandler();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<IndexRequest>) => {
  const reply = handle(event.data);
  if (reply) scope.postMessage(reply);
};
