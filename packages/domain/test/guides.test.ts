import { describe, expect, it } from 'vitest';
import { GUIDE_IDS } from '../src/assistant/contract.ts';
import { GUIDE_TEXTS, GUIDES } from '../src/assistant/guides.ts';

describe('the guide library', () => {
  it('has a guide for every guide id, under its own id', () => {
    expect(Object.keys(GUIDES).sort()).toEqual([...GUIDE_IDS].sort());
    for (const id of GUIDE_IDS) expect(GUIDES[id].id).toBe(id);
  });

  it.each(GUIDE_IDS)('%s has 3 to 6 steps, each with a title and a body', (id) => {
    const { steps } = GUIDES[id];
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps.length).toBeLessThanOrEqual(6);
    for (const step of steps) {
      expect(step.title.message.length).toBeGreaterThan(0);
      expect(step.body.message.length).toBeGreaterThan(step.title.message.length);
    }
  });

  it('lists every text once, with a guide. id and no placeholder', () => {
    const ids = GUIDE_TEXTS.map((text) => text.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const text of GUIDE_TEXTS) {
      expect(text.id).toMatch(/^guide\./);
      expect(text.message).not.toMatch(/[{}]/);
    }
  });

  it('completes a step by a click only where the step names the element to click', () => {
    for (const guide of Object.values(GUIDES)) {
      for (const step of guide.steps) if (step.autoAdvance) expect(step.target).toBeTruthy();
    }
  });
});
