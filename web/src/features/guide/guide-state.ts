import type { GuideId } from '@dental/domain/assistant/contract';

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Spec 4: the guide is dragged within the viewport, staying at least this far from each edge. */
export const EDGE_PX = 10;

export interface GuideState {
  guideId: GuideId | null;
  step: number;
  total: number;
  /** Indexes of the steps marked complete, in ascending order. */
  completed: readonly number[];
  minimised: boolean;
  /** The card's top-left corner once moved; null keeps it in its corner. */
  position: Point | null;
  /** The step just completed: the guide moves on from it after a short pause, unless the user moves first. */
  advancing: number | null;
}

export type GuideAction =
  | { type: 'open'; guideId: GuideId; total: number }
  | { type: 'close' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'jump'; step: number }
  | { type: 'complete' }
  | { type: 'advance'; from: number }
  | { type: 'reset' }
  | { type: 'minimise' }
  | { type: 'restore' }
  | { type: 'move'; to: Point; size: Size; viewport: Size };

export const closedGuide: GuideState = {
  guideId: null,
  step: 0,
  total: 0,
  completed: [],
  minimised: false,
  position: null,
  advancing: null,
};

/** The card's corner kept inside the viewport, EDGE_PX from each edge; a card larger than it keeps its top left. */
export function clampPosition(to: Point, size: Size, viewport: Size): Point {
  const clamp = (value: number, room: number) => Math.round(Math.max(EDGE_PX, Math.min(value, room - EDGE_PX)));
  return { x: clamp(to.x, viewport.width - size.width), y: clamp(to.y, viewport.height - size.height) };
}

/** Spec 4: completed steps divided by total steps, as a whole percentage. */
export function progressPercent(state: Pick<GuideState, 'completed' | 'total'>): number {
  return state.total === 0 ? 0 : Math.round((100 * state.completed.length) / state.total);
}

function goTo(state: GuideState, step: number): GuideState {
  const within = Math.max(0, Math.min(step, state.total - 1));
  return within === state.step && state.advancing === null ? state : { ...state, step: within, advancing: null };
}

export function guideReducer(state: GuideState, action: GuideAction): GuideState {
  switch (action.type) {
    case 'open':
      return { ...closedGuide, guideId: action.guideId, total: action.total, position: state.position };
    case 'close':
      return { ...closedGuide, position: state.position };
    case 'next':
      return goTo(state, state.step + 1);
    case 'previous':
      return goTo(state, state.step - 1);
    case 'jump':
      return goTo(state, action.step);
    case 'complete': {
      if (state.guideId === null || state.completed.includes(state.step)) return state;
      const completed = [...state.completed, state.step].sort((a, b) => a - b);
      const last = state.step === state.total - 1;
      return { ...state, completed, advancing: last ? null : state.step };
    }
    case 'advance':
      if (state.advancing !== action.from || state.step !== action.from) return state;
      return { ...state, step: Math.min(action.from + 1, state.total - 1), advancing: null };
    case 'reset':
      return { ...state, step: 0, completed: [], advancing: null, minimised: false };
    case 'minimise':
      return state.minimised ? state : { ...state, minimised: true };
    case 'restore':
      return state.minimised ? { ...state, minimised: false } : state;
    case 'move': {
      const position = clampPosition(action.to, action.size, action.viewport);
      if (state.position && state.position.x === position.x && state.position.y === position.y) return state;
      return { ...state, position };
    }
  }
}
