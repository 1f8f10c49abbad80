import { SCHEDULING } from '@dental/domain/constants';
import { clockTime, minutesOfDay } from '@dental/domain/practices/hours';
import { type MouseEvent, type PointerEvent, useRef } from 'react';
import { formats } from '../../../platform/i18n/formats.ts';
import { type GridGeometry, slotAt } from './grid-layout.ts';

const STEP = SCHEDULING.durationStepMinutes;

/** An empty slot: a room and a start time ('HH:MM' on the practice's clock). */
export interface SlotRef {
  room: string;
  time: string;
}

interface SlotHandlers {
  onSlotClick?(slot: SlotRef): void;
  onSlotMenu?(slot: SlotRef, point: { x: number; y: number }): void;
}

/**
 * The free-slot cursor of the grid body: it follows the pointer (the keyboard walks the grid's cells,
 * use-grid-focus.ts). It is moved by direct style updates, so a mouse move costs no render.
 */
export function useSlotCursor(geometry: GridGeometry, handlers: SlotHandlers) {
  const cursorRef = useRef<HTMLDivElement>(null);
  // Whether the press that ends in a click began on the empty body. A press on a card that ends elsewhere
  // (a drag cancelled with Escape, then the button released over an empty slot) fires its click on the body,
  // their common ancestor; that is the end of a gesture on a card, not a click on a slot.
  const pressedOnBody = useRef(false);

  function show(column: number, minute: number) {
    const cursor = cursorRef.current;
    // Nothing to book for someone who cannot book.
    if (!cursor || !handlers.onSlotClick) return;
    const height = STEP * geometry.pxPerMinute;
    cursor.style.display = 'block';
    cursor.style.width = `${geometry.columnWidth}px`;
    cursor.style.height = `${height}px`;
    cursor.style.transform = `translate(${column * geometry.columnWidth}px, ${(minute - geometry.open) * geometry.pxPerMinute}px)`;
    cursor.textContent = height >= 16 ? `+ ${formats().scheduleClock(clockTime(minute))}` : '';
  }

  function hide() {
    if (cursorRef.current) cursorRef.current.style.display = 'none';
  }

  /** The slot under the pointer; null over a card (cards handle their own clicks) or outside the hours. */
  function pointed(event: MouseEvent<HTMLDivElement>): SlotRef | null {
    if (event.target !== event.currentTarget) return null;
    const rect = event.currentTarget.getBoundingClientRect();
    const slot = slotAt(geometry, event.clientX - rect.left, event.clientY - rect.top);
    return slot ? { room: slot.room, time: clockTime(slot.minute) } : null;
  }

  const bodyProps = {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      pressedOnBody.current = event.target === event.currentTarget;
    },
    onClick(event: MouseEvent<HTMLDivElement>) {
      if (!pressedOnBody.current) return;
      const slot = pointed(event);
      if (!slot) return;
      hide();
      handlers.onSlotClick?.(slot);
    },
    onContextMenu(event: MouseEvent<HTMLDivElement>) {
      const slot = pointed(event);
      if (!slot) return;
      event.preventDefault();
      handlers.onSlotMenu?.(slot, { x: event.clientX, y: event.clientY });
    },
    onMouseMove(event: MouseEvent<HTMLDivElement>) {
      const slot = pointed(event);
      if (!slot) return hide();
      show(geometry.roomIndex.get(slot.room) ?? 0, minutesOfDay(slot.time));
    },
    onMouseLeave: hide,
  };

  return { cursorRef, bodyProps };
}
