import type { SaidText } from '@dental/domain/assistant/contract';
import { fill } from '@dental/domain/i18n/text';
import { MESSAGE_TEXTS } from '@dental/domain/messages';
import { i18n } from '@lingui/core';
import { say } from '../../platform/i18n/domain-text.ts';
import { toast } from '../../platform/toasts/toast.ts';

/**
 * A sentence the interpreter or the plan wrote, in the language shown; one the catalogue does not hold yet
 * is filled in English by the domain, so no placeholder is ever shown.
 */
export function sayText(text: SaidText): string {
  const catalogued = i18n.messages[text.id] !== undefined;
  return catalogued ? say(text, text.values) : fill(text, text.values);
}

/** Spec 8's outcome toasts, word for word. */
export function toastExecuted(actionText: string | undefined): void {
  toast(say(MESSAGE_TEXTS.assistantExecutedTitle), actionText || say(MESSAGE_TEXTS.assistantExecuted), 'success');
}

export function toastFailed(message: string): void {
  toast(say(MESSAGE_TEXTS.assistantFailedTitle), message, 'error');
}

export function toastEnhanced(count: number): void {
  toast(say(MESSAGE_TEXTS.assistantEnhancedTitle), say(MESSAGE_TEXTS.assistantEnhanced, { count }), 'info');
}

export function toastError(message: string): void {
  toast(say(MESSAGE_TEXTS.assistantErrorTitle), message, 'error');
}
