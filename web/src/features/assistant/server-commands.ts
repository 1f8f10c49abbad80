import type { CommandContext, ExecuteResponse } from '@dental/domain/assistant/contract';
import { ASSISTANT } from '@dental/domain/constants';
import { MESSAGE_TEXTS } from '@dental/domain/messages';
import { ApiError, apiRequest, NetworkError } from '../../platform/api/api.ts';
import { say } from '../../platform/i18n/domain-text.ts';
import { serverErrorText } from '../../platform/i18n/server-error.ts';

/** What a server command came to: an answer to show, or one of spec 8's errors (under 'Ninja AI Error'). */
export type ServerOutcome = { kind: 'answer'; response: ExecuteResponse } | { kind: 'error'; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Spec 8's unparseable answers become failed results with their own words: nothing at all, something
 * that is not an object, an object without the fields every answer has, or fields of the wrong kind.
 */
export function readExecuteResponse(body: unknown): ExecuteResponse | { failure: string } {
  if (body === null || body === undefined || body === '') return { failure: say(MESSAGE_TEXTS.assistantEmpty) };
  if (!isRecord(body) || Array.isArray(body)) return { failure: say(MESSAGE_TEXTS.assistantInvalidFormat) };
  if (!('success' in body) || !('message' in body)) return { failure: say(MESSAGE_TEXTS.assistantIncomplete) };
  const { success, message, action, meta } = body;
  if (
    typeof success !== 'boolean' ||
    typeof message !== 'string' ||
    (action !== null && action !== undefined && !isRecord(action)) ||
    (meta !== undefined && !isRecord(meta))
  ) {
    return { failure: say(MESSAGE_TEXTS.assistantUnprocessable) };
  }
  const adaptations = isRecord(meta) && Array.isArray(meta.adaptations) ? meta.adaptations : [];
  return {
    ...(body as unknown as ExecuteResponse),
    action: (action ?? null) as ExecuteResponse['action'],
    meta: { ...(meta as ExecuteResponse['meta']), adaptations: adaptations.filter((a) => typeof a === 'string') },
  };
}

/** Spec 8's error texts: a timeout, a request that never arrived, a server fault, another refusal. */
export function errorText(error: unknown): string {
  if (error instanceof NetworkError) {
    return say(error.timedOut ? MESSAGE_TEXTS.assistantTimeout : MESSAGE_TEXTS.assistantNetwork);
  }
  if (error instanceof ApiError) {
    if (error.status >= 500) return say(MESSAGE_TEXTS.assistantServerError);
    const message = serverErrorText(error.body ?? { message: error.message }) ?? error.message;
    return say(MESSAGE_TEXTS.assistantOtherError, { message });
  }
  if (error instanceof Error && error.message)
    return say(MESSAGE_TEXTS.assistantOtherError, { message: error.message });
  return say(MESSAGE_TEXTS.assistantDefaultError);
}

/** A confirmed command the browser cannot do by itself, done by the server (spec 7), with a 20 s limit. */
export async function executeOnServer(command: string, context: CommandContext): Promise<ServerOutcome> {
  try {
    const body = await apiRequest<unknown>('/api/ninja-mode/execute', {
      method: 'POST',
      body: { command, context, confirm: true },
      timeoutMs: ASSISTANT.requestTimeoutMs,
    });
    const read = readExecuteResponse(body);
    if ('failure' in read) {
      return {
        kind: 'answer',
        response: {
          success: false,
          message: read.failure,
          action: null,
          data: null,
          meta: {
            intent: 'unknown',
            slots: {},
            confidence: 0,
            missing: [],
            preview: '',
            requiresConfirmation: false,
            executed: false,
            adaptations: [],
          },
        },
      };
    }
    return { kind: 'answer', response: read };
  } catch (error) {
    return { kind: 'error', message: errorText(error) };
  }
}

/** Which suggestion was taken and whether it worked (spec 7); it teaches the server, so a failure is not the user's concern. */
export function sendFeedback(originalCommand: string, suggestedCommand: string, wasSuccessful: boolean): void {
  void apiRequest('/api/ninja-mode/feedback', {
    method: 'POST',
    body: { originalCommand, suggestedCommand, wasSuccessful },
  }).catch(() => undefined);
}
