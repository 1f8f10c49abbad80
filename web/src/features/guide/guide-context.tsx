import type { GuideId } from '@dental/domain/assistant/contract';
import { createContext, type ReactNode, useContext } from 'react';

export interface GuideControls {
  /** Opens the floating guide on its first step. */
  open(id: GuideId): void;
  close(): void;
}

const GuideContext = createContext<GuideControls>({ open: () => {}, close: () => {} });

export function GuideProvider({ children }: { children: ReactNode }) {
  return <GuideContext.Provider value={{ open: () => {}, close: () => {} }}>{children}</GuideContext.Provider>;
}

export function useGuide(): GuideControls {
  return useContext(GuideContext);
}

/** The header's list of guides. */
export function GuidesMenu() {
  return null;
}
