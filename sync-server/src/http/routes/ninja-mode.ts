import type { CommandContext } from '@dental/domain/assistant/contract';
import { ASSISTANT } from '@dental/domain/constants';
import { fill } from '@dental/domain/i18n/text';
import { FIELD_TEXTS, jsonObject } from '@dental/domain/validation/fields';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../context.ts';
import { assistantCacheFor } from '../../services/assistant-data.ts';
import { recordFeedback } from '../../services/assistant-feedback.ts';
import { executeCommand } from '../assistant-execute.ts';
import type { Batch } from '../batch.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteRegistry } from '../route-registry.ts';

const COMMAND_MAX = 500;
const PAGE_MAX = 200;

function text(field: string, min: 0 | 1, max: number) {
  const tooLong = fill(FIELD_TEXTS.maxLength, { field, max });
  const required = fill(FIELD_TEXTS.required, { field });
  const base = v.pipe(
    v.string(min === 0 ? fill(FIELD_TEXTS.text, { field }) : required),
    v.trim(),
    v.maxLength(max, tooLong),
  );
  return min === 0 ? base : v.pipe(base, v.nonEmpty(required));
}

function commandList(field: string, max: number) {
  return v.optional(
    v.pipe(
      v.array(text(`${field}[]`, 0, COMMAND_MAX), fill(FIELD_TEXTS.list, { field })),
      v.maxLength(max, fill(FIELD_TEXTS.tooManyEntries, { field })),
    ),
  );
}

/** Spec 7's context: what the user is on, their last commands (5 sent, 10 stored) and preferences. */
const contextSchema = v.optional(
  v.object(
    {
      currentPage: v.optional(text('context.currentPage', 0, PAGE_MAX)),
      sessionHistory: commandList('context.sessionHistory', ASSISTANT.sessionHistorySent),
      inputHistory: commandList('context.inputHistory', ASSISTANT.historyStored),
      userPreferences: v.optional(v.record(v.string(), v.unknown(), fill(FIELD_TEXTS.jsonObject, {}))),
    },
    'context must be an object',
  ),
);

const interpretSchema = jsonObject({ command: text('command', 1, COMMAND_MAX), context: contextSchema });

const executeSchema = jsonObject({
  command: text('command', 1, COMMAND_MAX),
  context: contextSchema,
  confirm: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'confirm' })), false),
});

const suggestionsSchema = jsonObject({
  input: v.optional(text('input', 0, COMMAND_MAX), ''),
  cursorPosition: v.optional(
    v.pipe(
      v.number(fill(FIELD_TEXTS.boundedInt, { field: 'cursorPosition', min: 0, max: COMMAND_MAX })),
      v.integer(fill(FIELD_TEXTS.boundedInt, { field: 'cursorPosition', min: 0, max: COMMAND_MAX })),
      v.minValue(0, fill(FIELD_TEXTS.boundedInt, { field: 'cursorPosition', min: 0, max: COMMAND_MAX })),
      v.maxValue(COMMAND_MAX, fill(FIELD_TEXTS.boundedInt, { field: 'cursorPosition', min: 0, max: COMMAND_MAX })),
    ),
  ),
  context: contextSchema,
});

const feedbackSchema = jsonObject({
  originalCommand: text('originalCommand', 1, COMMAND_MAX),
  suggestedCommand: v.optional(v.nullable(text('suggestedCommand', 0, COMMAND_MAX)), null),
  wasSuccessful: v.boolean(fill(FIELD_TEXTS.boolean, { field: 'wasSuccessful' })),
});

/** The context as the domain types it: valibot's optional keys may hold undefined, the contract's may not. */
function contextOf(context: v.InferOutput<typeof contextSchema>): CommandContext {
  if (!context) return {};
  return Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined)) as CommandContext;
}

/**
 * The Ninja AI assistant (issue 18, spec 7). No permission of its own: interpret only reads what the user
 * may see, and execute runs each write through its own route, with that route's permission.
 */
export function registerNinjaModeRoutes(app: FastifyInstance, deps: AppDeps, registry: RouteRegistry): void {
  const cache = assistantCacheFor(deps);

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/ninja-mode/interpret',
    tag: 'Assistant',
    summary:
      'Read a plain-language command against the practice: intent, slots, confidence, missing slots, a one-sentence ' +
      'preview and whether it needs confirming. Changes nothing.',
    access: 'signed-in',
    transactional: false,
    body: interpretSchema,
    handler: async ({ db, caller, practiceId, body, now }) => {
      const { interpreter } = await cache.get(db, caller, practiceId, now);
      return interpreter.interpret(body.command, contextOf(body.context), now);
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/ninja-mode/execute',
    tag: 'Assistant',
    summary:
      'Carry out a command: { success, message, action, data, meta }. A write answers its preview ' +
      '(meta.requiresConfirmation) until sent again with confirm: true; then it runs through the route the screens ' +
      'use, with that route’s permission, validation and conflict checks, and a refusal is success: false with ' +
      'the route’s message.',
    access: 'signed-in',
    // The write opens its own transaction through its route; holding one here would block it.
    transactional: false,
    body: executeSchema,
    handler: async ({ db, caller, practiceId, client, log, body, now }) => {
      const batch: Batch = {
        caller,
        practiceId,
        client,
        logFailure: (error, route) => log(error, `unhandled error in assistant action ${route}`),
      };
      const assistant = await cache.get(db, caller, practiceId, now);
      return executeCommand(deps, registry, batch, assistant, {
        command: body.command,
        context: contextOf(body.context),
        confirm: body.confirm,
        now,
      });
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/ninja-mode/suggestions',
    tag: 'Assistant',
    summary:
      'Up to 8 completions of a partial command: templates, the practice’s patients and providers, recent commands.',
    access: 'signed-in',
    transactional: false,
    body: suggestionsSchema,
    handler: async ({ db, caller, practiceId, body, now }) => {
      const { interpreter } = await cache.get(db, caller, practiceId, now);
      const suggestions = interpreter.suggest(body.input, body.cursorPosition, contextOf(body.context)).slice(0, 8);
      return { success: true, suggestions };
    },
  });

  defineRoute(app, deps, registry, {
    method: 'POST',
    url: '/api/ninja-mode/feedback',
    tag: 'Assistant',
    summary: 'Say whether a command did what was meant (and what was meant instead); kept per practice and user.',
    access: 'signed-in',
    body: feedbackSchema,
    status: 201,
    responses: { 201: 'Stored ({ success, id })' },
    handler: async ({ db, caller, practiceId, body, now }) => {
      const { id } = await recordFeedback(db, { practiceId, userId: caller.account.row.id, now }, body);
      return { success: true, id };
    },
  });
}
