import { type KeyboardEvent, type PointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { GuideAction, Point } from './guide-state.ts';

/** How far an arrow key moves the card; with Shift, five times as far. */
const KEY_STEP_PX = 10;
const ARROWS: Readonly<Record<string, Point>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

function viewport() {
  return { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
}

/**
 * Moves the card by its header with a pointer, or by the arrow keys on its handle; the reducer keeps it
 * inside the viewport. It is clamped again when the window or the card changes size.
 */
export function useCardDrag(card: RefObject<HTMLElement | null>, dispatch: (action: GuideAction) => void) {
  const grab = useRef<{ pointerId: number; offset: Point } | null>(null);
  const [dragging, setDragging] = useState(false);

  const moveTo = (to: Point) => {
    const rect = card.current?.getBoundingClientRect();
    if (rect) dispatch({ type: 'move', to, size: { width: rect.width, height: rect.height }, viewport: viewport() });
  };

  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const keepInside = () => {
      const rect = element.getBoundingClientRect();
      dispatch({
        type: 'move',
        to: { x: rect.left, y: rect.top },
        size: { width: rect.width, height: rect.height },
        viewport: viewport(),
      });
    };
    const observer = new ResizeObserver(keepInside);
    observer.observe(element);
    addEventListener('resize', keepInside);
    return () => {
      observer.disconnect();
      removeEventListener('resize', keepInside);
    };
  }, [card, dispatch]);

  const header = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      // Buttons in the header (minimise, close) keep their clicks; the rest of it is the grip.
      if (event.button !== 0 || (event.target as HTMLElement).closest('button:not([data-grip])')) return;
      const rect = card.current?.getBoundingClientRect();
      if (!rect) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      grab.current = {
        pointerId: event.pointerId,
        offset: { x: event.clientX - rect.left, y: event.clientY - rect.top },
      };
      setDragging(true);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const held = grab.current;
      if (!held || held.pointerId !== event.pointerId) return;
      moveTo({ x: event.clientX - held.offset.x, y: event.clientY - held.offset.y });
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (grab.current?.pointerId !== event.pointerId) return;
      grab.current = null;
      setDragging(false);
    },
    onPointerCancel() {
      grab.current = null;
      setDragging(false);
    },
  };

  function onHandleKeyDown(event: KeyboardEvent<HTMLElement>) {
    const direction = ARROWS[event.key];
    const rect = card.current?.getBoundingClientRect();
    if (!direction || !rect) return;
    event.preventDefault();
    const step = event.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
    moveTo({ x: rect.left + direction.x * step, y: rect.top + direction.y * step });
  }

  return { dragging, header, onHandleKeyDown };
}
