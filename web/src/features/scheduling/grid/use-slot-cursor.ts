import { SCHEDULING } from '@dental/domain/constants';
import { clockTime, minutesOfDay } from '@dental/domain/practices/hours';
import { type FocusEvent, type KeyboardEvent, type MouseEvent, useRef } from 'react';
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

const ARROWS: Readonly<Record<string, [columns: number, minutes: number]>> = {
  ArrowUp: [0, -STEP],
  ArrowDown: [0, STEP],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/**
 * The free-slot cursor of the grid body: it follows the pointer, and the arrow keys walk it when the
 * body has keyboard focus. It is moved by direct style updates, so a mouse move costs no render.
 */
export function useSlotCursor(geometry: GridGeometry, handlers: SlotHandlers, announce: (text: string) => void) {
  const cursorRef = useRef<HTMLDivElement>(null);
  const keyboardSlot = useRef({ column: 0, minute: geometry.open });

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

  function current(): SlotRef {
    const { column, minute } = keyboardSlot.current;
    return { room: geometry.rooms[column]?.code ?? '', time: clockTime(minute) };
  }

  const bodyProps = {
    onClick(event: MouseEvent<HTMLDivElement>) {
      const slot = pointed(event);
      if (!slot) return;
      hide();
      // The keyboard cursor continues from where the pointer last chose.
      keyboardSlot.current = { column: geometry.roomIndex.get(slot.room) ?? 0, minute: minutesOfDay(slot.time) };
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
    onFocus(event: FocusEvent<HTMLDivElement>) {
      const body = event.currentTarget;
      if (event.target === body && body.matches(':focus-visible')) {
        show(keyboardSlot.current.column, keyboardSlot.current.minute);
      }
    },
    onBlur: hide,
    onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
      if (event.target !== event.currentTarget) return;
      const slot = keyboardSlot.current;
      const arrow = ARROWS[event.key];
      if (arrow) {
        event.preventDefault();
        slot.column = Math.min(Math.max(slot.column + arrow[0], 0), geometry.rooms.length - 1);
        slot.minute = Math.min(Math.max(slot.minute + arrow[1], geometry.open), geometry.close - STEP);
        show(slot.column, slot.minute);
        announce(`${current().room}, ${formats().scheduleClock(current().time)}`);
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        handlers.onSlotClick?.(current());
      } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
        event.preventDefault();
        const rect = event.currentTarget.getBoundingClientRect();
        handlers.onSlotMenu?.(current(), {
          x: rect.left + slot.column * geometry.columnWidth,
          y: rect.top + (slot.minute - geometry.open + STEP) * geometry.pxPerMinute,
        });
      }
    },
  };

  return { cursorRef, bodyProps };
}
