import { randomUUID } from 'node:crypto';
import type { CommandContext, ExecuteResponse, Interpretation } from '@dental/domain/assistant/contract';
import { planExecution } from '@dental/domain/assistant/plan';
import type { AppDeps } from '../context.ts';
import type { AssistantContext } from '../services/assistant-data.ts';
import { type Batch, runAction } from './batch.ts';
import type { RouteRegistry } from './route-registry.ts';

export interface ExecuteInput {
  command: string;
  context: CommandContext;
  confirm: boolean;
  now: Date;
}

/** Said when a refused route gave no words of its own. */
const ROUTE_REFUSED = 'Command failed';

function metaOf(
  interpretation: Interpretation,
  executed: boolean,
  requiresConfirmation: boolean,
): ExecuteResponse['meta'] {
  return {
    intent: interpretation.intent,
    slots: interpretation.slots,
    confidence: interpretation.confidence,
    missing: interpretation.missing,
    preview: interpretation.preview,
    requiresConfirmation,
    executed,
    adaptations: interpretation.adaptations,
  };
}

function refusalMessage(body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  return typeof body === 'string' && body ? body : ROUTE_REFUSED;
}

/**
 * Carries out a command for the caller: reads and client actions answer at once; a write answers its
 * preview until confirmed, then runs through the very route the screens call (runAction: the route's
 * permission, validation, conflict checks, audit and change log), so the assistant can never do more
 * than the user could on screen.
 */
export async function executeCommand(
  deps: AppDeps,
  registry: RouteRegistry,
  batch: Batch,
  assistant: AssistantContext,
  input: ExecuteInput,
): Promise<ExecuteResponse> {
  const interpretation = assistant.interpreter.interpret(input.command, input.context, input.now);
  const plan = planExecution(interpretation, { ...assistant.data, now: input.now });
  const answer = (fields: Omit<ExecuteResponse, 'meta'>, executed = false, requiresConfirmation = false) => ({
    ...fields,
    meta: metaOf(interpretation, executed, requiresConfirmation),
  });
  switch (plan.kind) {
    case 'none': {
      if (interpretation.intent === 'unknown') {
        const suggestions = interpretation.suggestions ?? [];
        return answer({ success: false, message: plan.message.message, action: null, data: { suggestions } });
      }
      const message =
        interpretation.intent === 'refuse' ? (interpretation.reason ?? plan.message.message) : plan.message.message;
      return answer({ success: false, message, action: null, data: null });
    }
    case 'read':
      return answer({ success: true, message: plan.done.message, action: null, data: plan.data });
    case 'action':
      return answer({ success: true, message: plan.done.message, action: plan.action, data: null });
    case 'write': {
      const conflicts = plan.conflicts ?? [];
      if (!input.confirm) {
        const message = [interpretation.preview, ...conflicts].join(' ');
        return answer({ success: true, message, action: null, data: { conflicts } }, false, true);
      }
      const { method, endpoint, body } = plan.request;
      const result = await runAction(deps, registry, batch, { id: randomUUID(), method, endpoint, body });
      if (result.status >= 200 && result.status < 300) {
        return answer({ success: true, message: plan.done.message, action: null, data: result.body }, true, true);
      }
      return answer(
        { success: false, message: refusalMessage(result.body), action: null, data: result.body },
        false,
        true,
      );
    }
  }
}
