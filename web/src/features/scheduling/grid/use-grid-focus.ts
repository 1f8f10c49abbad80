import { type FocusEvent, type KeyboardEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { GridGeometry } from './grid-layout.ts';
import type { SlotRef } from './use-slot-cursor.ts';

/** The grid's one tab stop: a cell, or the face of an appointment card in it. */
export interface GridFocus {
  row: number;
  column: number;
  /** The appointment whose card face holds the tab stop; null for the cell itself. */
  id: string | null;
}

interface GridFocusInput {
  geometry: GridGeometry;
  /** Whether a card is being moved or resized: the arrow keys are dnd-kit's then. */
  dragging(): boolean;
  onSlotClick?(slot: SlotRef): void;
  onSlotMenu?(slot: SlotRef, point: { x: number; y: number }): void;
}

const FACE = '[data-card-face]';
const CELL = '[role="gridcell"]';

function cellAt(body: HTMLElement, row: number, column: number): HTMLElement | null {
  return body.querySelector<HTMLElement>(`${CELL}[data-row="${row}"][data-column="${column}"]`);
}

/**
 * Roving focus over the ARIA grid (rows are times, columns are rooms): the arrow keys walk the cells,
 * Home and End go to the first and last room (with Ctrl, the first and last time), Enter on an empty
 * cell books it and Shift+F10 opens its menu. A cell with cards gives focus to its first card; the
 * up and down arrows walk the cards of a cell before leaving it.
 */
export function useGridFocus({ geometry, dragging, onSlotClick, onSlotMenu }: GridFocusInput) {
  const [active, setActive] = useState<GridFocus>({ row: 0, column: 0, id: null });
  const bodyRef = useRef<HTMLDivElement>(null);
  const inside = useRef(false);
  const rows = geometry.rows.length;
  const columns = geometry.rooms.length;

  const remember = useCallback((next: GridFocus) => {
    setActive((current) =>
      current.row === next.row && current.column === next.column && current.id === next.id ? current : next,
    );
  }, []);

  function go(row: number, column: number, face?: HTMLElement) {
    const body = bodyRef.current;
    if (!body) return;
    const r = Math.min(Math.max(row, 0), rows - 1);
    const c = Math.min(Math.max(column, 0), columns - 1);
    const cell = cellAt(body, r, c);
    const target = face ?? cell?.querySelector<HTMLElement>(FACE) ?? cell;
    target?.focus();
  }

  // A moved card is drawn in another cell, a new element: focus follows it there.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body || !inside.current || !active.id) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    body.querySelector<HTMLElement>(`[data-appointment-id="${active.id}"] ${FACE}`)?.focus({ preventScroll: true });
  });

  function slotOf(row: number, column: number): SlotRef {
    return { room: geometry.rooms[column]?.code ?? '', time: geometry.rows[row] ?? '' };
  }

  const bodyProps = {
    ref: bodyRef,
    onFocus(event: FocusEvent<HTMLDivElement>) {
      inside.current = true;
      const target = event.target as HTMLElement;
      const cell = target.closest<HTMLElement>(CELL);
      if (!cell) return;
      const row = Number(cell.dataset.row);
      const column = Number(cell.dataset.column);
      const id = target.matches(FACE)
        ? (target.closest<HTMLElement>('[data-appointment-id]')?.dataset.appointmentId ?? null)
        : null;
      if (target === cell || id) remember({ row, column, id });
    },
    onBlur(event: FocusEvent<HTMLDivElement>) {
      // relatedTarget is null when the focused card was removed to be drawn elsewhere: focus comes back then.
      const next = event.relatedTarget;
      if (next instanceof Node && !event.currentTarget.contains(next)) inside.current = false;
    },
    onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
      if (event.defaultPrevented || dragging()) return;
      const target = event.target as HTMLElement;
      const cell = target.closest<HTMLElement>(CELL);
      if (!cell) return;
      const onFace = target.matches(FACE);
      if (target !== cell && !onFace) return;
      const row = Number(cell.dataset.row);
      const column = Number(cell.dataset.column);
      const faces = [...cell.querySelectorAll<HTMLElement>(FACE)];
      const index = faces.indexOf(target);
      let handled = true;
      switch (event.key) {
        case 'ArrowUp':
          if (onFace && index > 0) go(row, column, faces[index - 1]);
          else go(row - 1, column);
          break;
        case 'ArrowDown':
          if (onFace && index < faces.length - 1) go(row, column, faces[index + 1]);
          else go(row + 1, column);
          break;
        case 'ArrowLeft':
          go(row, column - 1);
          break;
        case 'ArrowRight':
          go(row, column + 1);
          break;
        case 'Home':
          go(event.ctrlKey ? 0 : row, 0);
          break;
        case 'End':
          go(event.ctrlKey ? rows - 1 : row, columns - 1);
          break;
        case 'PageUp':
          go(row - 4, column);
          break;
        case 'PageDown':
          go(row + 4, column);
          break;
        case 'Enter':
        case ' ':
          if (onFace || !onSlotClick) handled = false;
          else onSlotClick(slotOf(row, column));
          break;
        case 'ContextMenu':
        case 'F10':
          if (onFace || (event.key === 'F10' && !event.shiftKey) || !onSlotMenu) handled = false;
          else {
            const rect = cell.getBoundingClientRect();
            onSlotMenu(slotOf(row, column), { x: rect.left, y: rect.bottom });
          }
          break;
        default:
          handled = false;
      }
      if (handled) event.preventDefault();
    },
  };

  return { active, bodyProps };
}
