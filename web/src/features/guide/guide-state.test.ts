import { describe, expect, it } from 'vitest';
import {
  clampPosition,
  closedGuide,
  EDGE_PX,
  type GuideAction,
  type GuideState,
  guideReducer,
  progressPercent,
} from './guide-state.ts';

const run = (...actions: GuideAction[]): GuideState => actions.reduce(guideReducer, closedGuide);
const open: GuideAction = { type: 'open', guideId: 'booking', total: 5 };
const viewport = { width: 1280, height: 800 };
const size = { width: 360, height: 420 };

describe('the floating guide state', () => {
  it('opens on the first step with nothing complete', () => {
    const state = run(open);
    expect(state).toMatchObject({ guideId: 'booking', step: 0, total: 5, completed: [], minimised: false });
    expect(progressPercent(state)).toBe(0);
  });

  it('goes to the next and previous step, never past either end', () => {
    expect(run(open, { type: 'next' }, { type: 'next' }).step).toBe(2);
    expect(run(open, { type: 'next' }, { type: 'previous' }).step).toBe(0);
    expect(run(open, { type: 'previous' }).step).toBe(0);
    expect(run(open, ...Array<GuideAction>(9).fill({ type: 'next' })).step).toBe(4);
  });

  it('jumps to a step by its dot', () => {
    expect(run(open, { type: 'jump', step: 3 }).step).toBe(3);
    expect(run(open, { type: 'jump', step: 12 }).step).toBe(4);
  });

  it('marks the current step complete, then moves on only when the pause is over', () => {
    const completed = run(open, { type: 'complete' });
    expect(completed).toMatchObject({ step: 0, completed: [0], advancing: 0 });
    expect(progressPercent(completed)).toBe(20);
    expect(guideReducer(completed, { type: 'advance', from: 0 })).toMatchObject({ step: 1, advancing: null });
  });

  it('does not move on when the user went elsewhere during the pause', () => {
    const moved = run(open, { type: 'complete' }, { type: 'jump', step: 3 });
    expect(moved.advancing).toBeNull();
    expect(guideReducer(moved, { type: 'advance', from: 0 }).step).toBe(3);
  });

  it('stays on the last step once it is complete, at 100%', () => {
    const steps: GuideAction[] = [];
    for (let index = 0; index < 5; index += 1) steps.push({ type: 'complete' }, { type: 'advance', from: index });
    const done = run(open, ...steps);
    expect(done).toMatchObject({ step: 4, completed: [0, 1, 2, 3, 4], advancing: null });
    expect(progressPercent(done)).toBe(100);
  });

  it('counts a step once, in any order', () => {
    const state = run(
      open,
      { type: 'jump', step: 2 },
      { type: 'complete' },
      { type: 'jump', step: 0 },
      { type: 'complete' },
      { type: 'complete' },
    );
    expect(state.completed).toEqual([0, 2]);
    expect(progressPercent(state)).toBe(40);
  });

  it('resets to the first step with nothing complete, keeping where the card was put', () => {
    const moved = run(
      open,
      { type: 'move', to: { x: 100, y: 120 }, size, viewport },
      { type: 'next' },
      { type: 'complete' },
    );
    const reset = guideReducer(moved, { type: 'reset' });
    expect(reset).toMatchObject({ step: 0, completed: [], advancing: null, position: { x: 100, y: 120 } });
  });

  it('minimises to a pill and restores on the same step', () => {
    const minimised = run(open, { type: 'next' }, { type: 'minimise' });
    expect(minimised).toMatchObject({ minimised: true, step: 1 });
    expect(guideReducer(minimised, { type: 'restore' })).toMatchObject({ minimised: false, step: 1 });
  });

  it('closes, and opens another guide from its start', () => {
    expect(run(open, { type: 'next' }, { type: 'close' }).guideId).toBeNull();
    const other = run(open, { type: 'complete' }, { type: 'open', guideId: 'check-in', total: 4 });
    expect(other).toMatchObject({ guideId: 'check-in', step: 0, total: 4, completed: [] });
  });
});

describe('dragging the card', () => {
  it(`keeps it at least ${EDGE_PX} px from every edge of the viewport`, () => {
    expect(clampPosition({ x: -200, y: -50 }, size, viewport)).toEqual({ x: EDGE_PX, y: EDGE_PX });
    expect(clampPosition({ x: 5000, y: 5000 }, size, viewport)).toEqual({
      x: viewport.width - size.width - EDGE_PX,
      y: viewport.height - size.height - EDGE_PX,
    });
    expect(clampPosition({ x: 300.4, y: 200.6 }, size, viewport)).toEqual({ x: 300, y: 201 });
  });

  it('keeps the top left in view when the card is larger than the viewport', () => {
    expect(clampPosition({ x: 40, y: 40 }, size, { width: 300, height: 300 })).toEqual({ x: EDGE_PX, y: EDGE_PX });
  });

  it('moves through the reducer, and a move to the same place changes nothing', () => {
    const moved = run(open, { type: 'move', to: { x: -20, y: 900 }, size, viewport });
    expect(moved.position).toEqual({ x: EDGE_PX, y: viewport.height - size.height - EDGE_PX });
    expect(guideReducer(moved, { type: 'move', to: { x: 0, y: 1000 }, size, viewport })).toBe(moved);
  });
});
