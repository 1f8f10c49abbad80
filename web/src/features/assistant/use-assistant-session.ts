import {
  type AssistantAction,
  type CommandContext,
  GUIDE_IDS,
  type GuideId,
  type Interpretation,
  OFFLINE_INTENTS,
  type Slots,
} from '@dental/domain/assistant/contract';
import { createInterpreter } from '@dental/domain/assistant/interpret';
import { planExecution } from '@dental/domain/assistant/plan';
import { ASSISTANT } from '@dental/domain/constants';
import { localDate, localTime } from '@dental/domain/time/zones';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useConnection } from '../../platform/api/connection.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { useGuide } from '../guide/index.ts';
import { requestBooking } from '../scheduling/index.ts';
import { useCommandHistory } from './command-history.ts';
import { localCommandFor } from './local-commands.ts';
import { sayText, toastEnhanced, toastError, toastExecuted, toastFailed } from './outcome-toasts.ts';
import { type PreviewDetails, previewDetails, type WritePlan } from './preview.ts';
import { type FoundSlot, type ReadResults, readResults } from './read-results.ts';
import { executeOnServer, sendFeedback } from './server-commands.ts';
import { useAssistantData } from './use-assistant-data.ts';

/** A suggestion the user took from the dropdown: its outcome is reported as feedback (spec 7). */
export interface AcceptedSuggestion {
  typed: string;
  suggested: string;
}

export type PreviewState = 'waiting' | 'running' | 'done' | 'failed';

export type LogEntry =
  | { id: number; kind: 'command'; text: string }
  | { id: number; kind: 'answer'; text: string; tone: 'info' | 'success' | 'error' }
  | {
      id: number;
      kind: 'preview';
      command: string;
      accepted: AcceptedSuggestion | null;
      interpretation: Interpretation;
      plan: WritePlan;
      sentence: string;
      details: PreviewDetails;
      state: PreviewState;
    }
  | { id: number; kind: 'found'; text: string; results: ReadResults; slots: Slots }
  | { id: number; kind: 'suggestions'; command: string; text: string; suggestions: string[] };

export type PreviewEntry = Extract<LogEntry, { kind: 'preview' }>;

type NewEntry = LogEntry extends infer E ? (E extends LogEntry ? Omit<E, 'id'> : never) : never;

export interface SessionOptions {
  opened: boolean;
  close(): void;
  switchPractice(practiceId: number): Promise<boolean>;
}

const isGuideId = (id: string): id is GuideId => (GUIDE_IDS as readonly string[]).includes(id);

/** The form pages of the forms the assistant has no prefill for: the user finishes there. */
const FORM_PAGES: Record<Exclude<Extract<AssistantAction, { type: 'open_form' }>['form'], 'appointment'>, string> = {
  patient: '/patients',
  absence: '/appointments',
  maintenance: '/appointments',
  recall: '/patients',
  ticket: '/',
};

const SCHEDULE_PAGES = ['/appointments', '/scheduling'];

function needsConnection(): string {
  return t`This needs an internet connection. Please try again when you are back online.`;
}

/**
 * One conversation with the assistant: commands interpreted on this device, previews, confirmations,
 * and what each did. Offline-capable writes go through the local store (and its outbox); the others
 * through the server's execute route.
 */
export function useAssistantSession({ opened, close, switchPractice }: SessionOptions) {
  const { user } = useAuth();
  const local = useLocalData();
  const { online } = useConnection();
  const { i18n } = useLingui();
  const guide = useGuide();
  const router = useRouter();
  const currentPage = useRouterState({ select: (state) => state.location.pathname });
  const source = useAssistantData(opened);
  const { history, sessionHistory, remember } = useCommandHistory(user?.id);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [processing, setProcessing] = useState(false);
  const busy = useRef(false);
  const nextId = useRef(0);
  const timers = useRef<number[]>([]);

  const { data } = source;
  const interpreter = useMemo(() => (data ? createInterpreter(data) : null), [data]);

  useEffect(() => {
    if (opened) return;
    setLog([]);
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  }, [opened]);

  const context = useCallback(
    (): CommandContext => ({
      currentPage,
      sessionHistory,
      inputHistory: history,
      userPreferences: { language: i18n.locale },
    }),
    [currentPage, sessionHistory, history, i18n.locale],
  );

  const append = useCallback((entry: NewEntry) => {
    nextId.current += 1;
    const id = nextId.current;
    setLog((current) => [...current, { ...entry, id } as LogEntry]);
    return id;
  }, []);

  const updatePreview = useCallback((id: number, state: PreviewState) => {
    setLog((current) =>
      current.map((entry) => (entry.id === id && entry.kind === 'preview' ? { ...entry, state } : entry)),
    );
  }, []);

  const go = useCallback(
    (path: string) => {
      close();
      router.history.push(path);
    },
    [close, router],
  );

  const book = useCallback(
    (prefill: Slots & { time?: string }) => {
      if (!prefill.date) return;
      requestBooking({
        date: prefill.date,
        time: prefill.time,
        room: prefill.room,
        providerId: prefill.providerId,
        patientId: prefill.patientId,
        duration: prefill.duration,
        procedure: prefill.procedure,
      });
      // The schedule on screen takes the request at once; from anywhere else it is taken when the schedule opens.
      if (SCHEDULE_PAGES.includes(currentPage)) close();
      else go('/appointments');
    },
    [go, close, currentPage],
  );

  /** Does what an action says; false when it could not be done (offline switch, unknown guide). */
  const perform = useCallback(
    async (action: AssistantAction): Promise<boolean> => {
      switch (action.type) {
        case 'navigate':
          go(action.to);
          return true;
        case 'guide': {
          if (!isGuideId(action.guideId)) return false;
          guide.open(action.guideId);
          timers.current.push(window.setTimeout(close, ASSISTANT.guidanceCloseMs));
          return true;
        }
        case 'open_form':
          if (action.form === 'appointment') book(action.prefill);
          else if (action.form === 'recall' && action.prefill.patientId) go(`/patients/${action.prefill.patientId}`);
          else go(FORM_PAGES[action.form]);
          return true;
        case 'switch_practice':
          if (!online) {
            append({ kind: 'answer', text: needsConnection(), tone: 'info' });
            return false;
          }
          return switchPractice(action.practiceId);
      }
    },
    [go, guide, close, book, online, append, switchPractice],
  );

  const submit = useCallback(
    async (command: string, accepted: AcceptedSuggestion | null) => {
      const text = command.trim();
      if (!text || busy.current || !interpreter || !data) return;
      busy.current = true;
      setProcessing(true);
      try {
        remember(text);
        append({ kind: 'command', text });
        const interpretation = interpreter.interpret(text, context(), new Date());
        if (interpretation.adaptations.length > 0) toastEnhanced(interpretation.adaptations.length);
        const plan = planExecution(interpretation, data);
        const feedback = (worked: boolean) => {
          if (accepted && online) sendFeedback(accepted.typed, accepted.suggested, worked);
        };
        switch (plan.kind) {
          case 'none': {
            const message = sayText(plan.message);
            const suggestions = interpretation.suggestions ?? [];
            if (suggestions.length > 0) append({ kind: 'suggestions', command: text, text: message, suggestions });
            else append({ kind: 'answer', text: message, tone: 'info' });
            toastFailed(message);
            feedback(false);
            return;
          }
          case 'read': {
            const done = sayText(plan.done);
            append({
              kind: 'found',
              text: done,
              results: readResults(plan.data, data.timeZone),
              slots: interpretation.slots,
            });
            toastExecuted(done);
            feedback(true);
            return;
          }
          case 'action': {
            const done = sayText(plan.done);
            const worked = await perform(plan.action);
            if (worked) {
              append({ kind: 'answer', text: done, tone: 'success' });
              toastExecuted(done);
            }
            feedback(worked);
            return;
          }
          case 'write': {
            const offlineCapable = OFFLINE_INTENTS.includes(interpretation.intent) && localCommandFor(plan.request);
            if (!offlineCapable && !online) {
              append({ kind: 'answer', text: needsConnection(), tone: 'info' });
              return;
            }
            append({
              kind: 'preview',
              command: text,
              accepted,
              interpretation,
              plan,
              sentence: sayText(interpretation.previewText),
              details: previewDetails(interpretation, plan, data, source),
              state: 'waiting',
            });
            return;
          }
        }
      } finally {
        busy.current = false;
        setProcessing(false);
      }
    },
    [interpreter, data, remember, append, context, online, perform, source],
  );

  const confirm = useCallback(
    async (entry: PreviewEntry) => {
      if (busy.current || entry.state !== 'waiting') return;
      busy.current = true;
      setProcessing(true);
      updatePreview(entry.id, 'running');
      let worked = false;
      try {
        const command = OFFLINE_INTENTS.includes(entry.interpretation.intent)
          ? localCommandFor(entry.plan.request, { override: entry.details.conflicts.length > 0 })
          : null;
        if (command && local.store) {
          try {
            await command(local.store);
            local.afterWrite();
            worked = true;
            const done = sayText(entry.plan.done);
            append({ kind: 'answer', text: done, tone: 'success' });
            toastExecuted(done);
          } catch (error) {
            const message = error instanceof Error ? domainText(error.message) : t`The change could not be saved.`;
            append({ kind: 'answer', text: message, tone: 'error' });
            toastFailed(message);
          }
        } else if (!online) {
          append({ kind: 'answer', text: needsConnection(), tone: 'info' });
        } else {
          const outcome = await executeOnServer(entry.command, context());
          if (outcome.kind === 'error') {
            append({ kind: 'answer', text: outcome.message, tone: 'error' });
            toastError(outcome.message);
          } else if (outcome.response.success) {
            worked = true;
            append({ kind: 'answer', text: domainText(outcome.response.message), tone: 'success' });
            toastExecuted(domainText(outcome.response.message));
            if (outcome.response.action) await perform(outcome.response.action);
          } else {
            const message = domainText(outcome.response.message);
            append({ kind: 'answer', text: message, tone: 'error' });
            toastFailed(message);
          }
        }
        if (entry.accepted && online) sendFeedback(entry.accepted.typed, entry.accepted.suggested, worked);
      } finally {
        updatePreview(entry.id, worked ? 'done' : 'failed');
        busy.current = false;
        setProcessing(false);
      }
    },
    [updatePreview, local, append, online, context, perform],
  );

  /** Edit: a booking opens the schedule's form prefilled; other writes come back to the input to reword. */
  const edit = useCallback(
    (entry: PreviewEntry): string | null => {
      const { details, interpretation } = entry;
      if (interpretation.intent !== 'book_appointment' || !data) return entry.command;
      const slots = interpretation.slots;
      const start = details.start;
      book({
        ...slots,
        date: start ? localDate(start, data.timeZone) : slots.date,
        time: start ? localTime(start, data.timeZone) : slots.time,
        room: details.room,
        providerId: details.providerId,
        patientId: details.patientId,
        duration: details.duration,
        procedure: details.procedure,
      });
      return null;
    },
    [data, book],
  );

  const suggest = useCallback(
    (input: string, cursor: number): string[] => (interpreter ? interpreter.suggest(input, cursor, context()) : []),
    [interpreter, context],
  );

  const bookSlot = useCallback(
    (slot: FoundSlot, slots: Slots) =>
      book({
        ...slots,
        date: slot.date,
        time: slot.time,
        room: slot.room ?? slots.room,
        providerId: slot.providerId ?? slots.providerId,
      }),
    [book],
  );

  const openPatient = useCallback((id: string) => go(`/patients/${encodeURIComponent(id)}`), [go]);

  return {
    ready: interpreter !== null,
    processing,
    log,
    timeZone: data?.timeZone ?? local.timezone,
    submit,
    confirm,
    edit,
    suggest,
    bookSlot,
    openPatient,
  };
}
