import type { GuideId } from '@dental/domain/assistant/contract';
import { GUIDES } from '@dental/domain/assistant/guides';
import { ASSISTANT } from '@dental/domain/constants';
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useReducer } from 'react';
import { say } from '../../platform/i18n/domain-text.ts';
import { FloatingGuide } from './floating-guide.tsx';
import { closedGuide, type GuideState, guideReducer } from './guide-state.ts';

export interface GuideControls {
  /** Opens the floating guide on its first step. */
  open(id: GuideId): void;
  close(): void;
}

const GuideContext = createContext<GuideControls>({ open: () => {}, close: () => {} });

/**
 * Holds the floating guide for the whole shell, so it stays open, on its step, while the user moves
 * between screens to follow it.
 */
export function GuideProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(guideReducer, closedGuide);
  const controls = useMemo<GuideControls>(
    () => ({
      open: (id) => dispatch({ type: 'open', guideId: id, total: GUIDES[id].steps.length }),
      close: () => dispatch({ type: 'close' }),
    }),
    [],
  );

  // Spec 9: a completed step gives way to the next after a short pause, long enough to see the tick.
  const { advancing } = state;
  useEffect(() => {
    if (advancing === null) return;
    const timer = setTimeout(() => dispatch({ type: 'advance', from: advancing }), ASSISTANT.stepAutoAdvanceMs);
    return () => clearTimeout(timer);
  }, [advancing]);

  return (
    <GuideContext.Provider value={controls}>
      {children}
      <FloatingGuide state={state} dispatch={dispatch} />
      <GuideAnnouncer state={state} />
    </GuideContext.Provider>
  );
}

/** Mounted before any guide opens, so a screen reader hears each step as it comes. */
function GuideAnnouncer({ state }: { state: GuideState }) {
  const { t } = useLingui();
  const guide = state.guideId ? GUIDES[state.guideId] : null;
  const step = guide?.steps[state.step];
  let message = '';
  if (guide && step && !state.minimised) {
    const title = say(guide.title);
    const stepTitle = say(step.title);
    const number = state.step + 1;
    const total = state.total;
    message =
      state.completed.length === total
        ? t`${title}: all steps complete`
        : t`${title}, step ${number} of ${total}: ${stepTitle}`;
  }
  return (
    <VisuallyHidden role="status" aria-live="polite" data-testid="guide-announcer">
      {message}
    </VisuallyHidden>
  );
}

export function useGuide(): GuideControls {
  return useContext(GuideContext);
}
