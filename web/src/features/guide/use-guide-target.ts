import { useEffect, useRef, useState } from 'react';

export interface TargetRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The first element marked `data-guide="name"` that is drawn (a closed menu's or a hidden tab's is not). */
export function findGuideTarget(name: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-guide="${CSS.escape(name)}"]`)) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) return element;
  }
  return null;
}

function sameRect(a: TargetRect | null, b: TargetRect | null): boolean {
  if (a === null || b === null) return a === b;
  return a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height;
}

/**
 * Where the step's element is on screen, read every frame while the guide shows: it moves with scrolling,
 * resizing, dialogs opening and data arriving, and no single event tells of all of them. The element is
 * scrolled into view once per step, the first time it is found.
 */
export function useGuideTarget(name: string | undefined, stepKey: string, reducedMotion: boolean): TargetRect | null {
  const [rect, setRect] = useState<TargetRect | null>(null);
  const scrolledFor = useRef<string | null>(null);

  useEffect(() => {
    if (!name) {
      setRect(null);
      return;
    }
    let frame = 0;
    // Unset until the first frame, so a step whose element is missing clears the last step's rect.
    let last: TargetRect | null | undefined;
    const tick = () => {
      const element = findGuideTarget(name);
      if (element && scrolledFor.current !== stepKey) {
        scrolledFor.current = stepKey;
        const box = element.getBoundingClientRect();
        const inView = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
        if (!inView)
          element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' });
      }
      const box = element?.getBoundingClientRect();
      const next = box ? { left: box.left, top: box.top, width: box.width, height: box.height } : null;
      if (last === undefined || !sameRect(last, next)) {
        last = next;
        setRect(next);
      }
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [name, stepKey, reducedMotion]);

  return rect;
}
