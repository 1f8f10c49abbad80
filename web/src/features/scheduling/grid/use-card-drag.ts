import { SCHEDULING } from '@dental/domain/constants';
import { clockTime } from '@dental/domain/practices/hours';
import { findConflicts, type MaintenanceWindow } from '@dental/domain/scheduling/conflicts';
import {
  type Announcements,
  type DndContextProps,
  type DragEndEvent,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { t } from '@lingui/core/macro';
import { useCallback, useMemo, useRef, useState } from 'react';
import { formats } from '../../../platform/i18n/formats.ts';
import type { GridAppointment } from '../day/schedule-model.ts';
import { type DragData, type DragPreview, RESIZE_PREFIX } from './drag-data.ts';
import { dropTarget, type GridGeometry, instantOf, type PlacedAppointment, resizedDuration } from './grid-layout.ts';
import { createSignal, type Signal } from './signal.ts';
import type { PlacementChange } from './use-optimistic-placements.ts';
import type { SlotRef } from './use-slot-cursor.ts';

const STEP = SCHEDULING.durationStepMinutes;

interface DragInput {
  geometry: GridGeometry;
  timeZone: string;
  shown: readonly GridAppointment[];
  byId: ReadonlyMap<string, PlacedAppointment>;
  maintenance: readonly MaintenanceWindow[];
  place(appointment: GridAppointment, change: PlacementChange): void;
  settle(id: string, written: boolean): void;
  onMove?(appointment: GridAppointment, target: SlotRef & { appointmentDate: string }): Promise<boolean>;
  onResize?(appointment: GridAppointment, duration: number): Promise<boolean>;
  announce(text: string): void;
}

function samePreview(a: DragPreview | null, b: DragPreview | null): boolean {
  if (!a || !b) return a === b;
  if (a.kind === 'move' && b.kind === 'move') {
    return a.id === b.id && a.room === b.room && a.minute === b.minute && a.conflict === b.conflict;
  }
  if (a.kind === 'resize' && b.kind === 'resize') {
    return a.id === b.id && a.duration === b.duration && a.conflict === b.conflict;
  }
  return false;
}

function describePreview(preview: DragPreview, patient: string): string {
  const clash = preview.conflict ? ` ${t`This conflicts with another booking.`}` : '';
  if (preview.kind === 'resize') {
    const duration = preview.duration;
    return `${t`${patient}: ${duration} minutes.`}${clash}`;
  }
  const time = formats().scheduleClock(clockTime(preview.minute));
  const room = preview.room;
  return `${t`${patient}: ${time} in ${room}.`}${clash}`;
}

/** Arrow presses of a keyboard drag: rooms to the right and steps down (negative: left and up). */
interface KeySteps {
  across: number;
  down: number;
}

/**
 * Arrow keys move a card by one 30-minute step or one room, and resize by one 40 px step (spec 9). The
 * presses are counted: where a keyboard drag lands comes from them, not from the pixels travelled, which
 * dnd-kit mixes with its own scrolling of the grid (a card near the grid's edge scrolls it instead).
 */
function useKeyboardSteps(geometry: GridGeometry): { getter: KeyboardCoordinateGetter; steps: KeySteps } {
  const ref = useRef(geometry);
  ref.current = geometry;
  const [steps] = useState<KeySteps>(() => ({ across: 0, down: 0 }));
  const getter = useCallback<KeyboardCoordinateGetter>(
    (event, { active, currentCoordinates }) => {
      const { columnWidth, pxPerMinute } = ref.current;
      const resizing = String(active).startsWith(RESIZE_PREFIX);
      const vertical = resizing ? SCHEDULING.resizeStepPx : STEP * pxPerMinute;
      const horizontal = resizing ? 0 : columnWidth;
      switch (event.code) {
        case 'ArrowDown':
          steps.down += 1;
          return { ...currentCoordinates, y: currentCoordinates.y + vertical };
        case 'ArrowUp':
          steps.down -= 1;
          return { ...currentCoordinates, y: currentCoordinates.y - vertical };
        case 'ArrowRight':
          if (!resizing) steps.across += 1;
          return { ...currentCoordinates, x: currentCoordinates.x + horizontal };
        case 'ArrowLeft':
          if (!resizing) steps.across -= 1;
          return { ...currentCoordinates, x: currentCoordinates.x - horizontal };
        default:
          return undefined;
      }
    },
    [steps],
  );
  return { getter, steps };
}

const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

// A few pixels of travel before a drag starts, so clicks and right clicks stay clicks.
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };

/**
 * Moving and resizing cards with dnd-kit, pointer or keyboard. There are no drop zones: where a
 * card lands is worked out from how far it travelled, in whole slots and rooms, so empty cells
 * need no components. The snapped target is previewed, with local conflicts shown before the drop.
 *
 * The preview is a signal, not state: the grid is not re-rendered while a card moves, only the
 * drop preview and the resized card are. The sensors keep their identity across renders, since
 * new sensors give the drag source new listeners and so re-render the card it points at.
 */
export function useCardDrag(input: DragInput): {
  preview: Signal<DragPreview | null>;
  dnd: Omit<DndContextProps, 'children'>;
} {
  const { geometry, byId } = input;
  const [preview] = useState(() => createSignal<DragPreview | null>(null, samePreview));
  const keyboard = useKeyboardSteps(geometry);
  // Space picks a card up; Enter is left to open the card's menu. Scrolling is instant, so the grid is where
  // the counted steps say when the card is dropped.
  const keyboardOptions = useMemo(
    () => ({ coordinateGetter: keyboard.getter, keyboardCodes: KEYBOARD_CODES, scrollBehavior: 'auto' as const }),
    [keyboard.getter],
  );
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, keyboardOptions));

  // Most pointer moves stay in the same slot: the conflict check over the whole day is not repeated for them.
  const lastCheck = useRef<{ against: readonly unknown[]; key: string; conflict: boolean }>({
    against: [],
    key: '',
    conflict: false,
  });
  function clashes(appointment: GridAppointment, change: Partial<GridAppointment>): boolean {
    const { shown, maintenance, timeZone } = input;
    const key = JSON.stringify([appointment, change]);
    const last = lastCheck.current;
    if (last.key === key && last.against[0] === shown && last.against[1] === maintenance) return last.conflict;
    const conflict = findConflicts({ ...appointment, ...change }, shown, { maintenance, timeZone }).length > 0;
    lastCheck.current = { against: [shown, maintenance], key, conflict };
    return conflict;
  }

  function previewFor(data: DragData, delta: { x: number; y: number }): DragPreview | null {
    const entry = byId.get(data.appointmentId);
    if (!entry) return null;
    const { appointment } = entry;
    if (data.kind === 'resize') {
      const duration = resizedDuration(appointment.duration, delta.y);
      return { kind: 'resize', id: appointment.id, duration, conflict: clashes(appointment, { duration }) };
    }
    const room = geometry.roomIndex.get(appointment.treatmentRoom) ?? 0;
    const target = dropTarget(geometry, { start: entry.start, room, duration: appointment.duration }, delta);
    const conflict = clashes(appointment, {
      treatmentRoom: target.room,
      appointmentDate: instantOf(geometry, target.minute),
    });
    return { kind: 'move', id: appointment.id, ...target, conflict };
  }

  /** How far the card travelled: counted arrow presses for a keyboard drag, pixels for a pointer. */
  function travel(event: DragMoveEvent | DragEndEvent, data: DragData): { x: number; y: number } {
    if (!(event.activatorEvent instanceof KeyboardEvent)) return event.delta;
    const vertical = data.kind === 'resize' ? SCHEDULING.resizeStepPx : STEP * geometry.pxPerMinute;
    return { x: keyboard.steps.across * geometry.columnWidth, y: keyboard.steps.down * vertical };
  }

  function onDragStart() {
    keyboard.steps.across = 0;
    keyboard.steps.down = 0;
  }

  function onDragMove(event: DragMoveEvent) {
    const data = event.active.data.current as DragData | undefined;
    const next = data ? previewFor(data, travel(event, data)) : null;
    preview.set(next);
    if (next) input.announce(describePreview(next, byId.get(next.id)?.appointment.patientName ?? ''));
  }

  async function onDragEnd(event: DragEndEvent) {
    preview.set(null);
    const data = event.active.data.current as DragData | undefined;
    const outcome = data ? previewFor(data, travel(event, data)) : null;
    const appointment = data ? byId.get(data.appointmentId)?.appointment : undefined;
    if (!outcome || !appointment) return;
    if (outcome.kind === 'resize') {
      if (outcome.duration === appointment.duration) return;
      input.place(appointment, { duration: outcome.duration });
      input.settle(appointment.id, (await input.onResize?.(appointment, outcome.duration)) ?? false);
      return;
    }
    const appointmentDate = instantOf(geometry, outcome.minute);
    if (outcome.room === appointment.treatmentRoom && appointmentDate === appointment.appointmentDate) return;
    input.place(appointment, { treatmentRoom: outcome.room, appointmentDate });
    const target = { room: outcome.room, time: clockTime(outcome.minute), appointmentDate };
    const moved = (await input.onMove?.(appointment, target)) ?? false;
    input.settle(appointment.id, moved);
    if (moved) {
      const name = appointment.patientName;
      const time = formats().scheduleClock(target.time);
      const room = target.room;
      input.announce(t`Moved ${name} to ${time}, ${room}`);
    }
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const data = active.data.current as DragData | undefined;
      const name = (data ? byId.get(data.appointmentId)?.appointment.patientName : undefined) ?? '';
      return data?.kind === 'resize'
        ? t`Changing the length of ${name}'s appointment. Use the up and down arrows, then space to confirm.`
        : t`Picked up ${name}'s appointment. Use the arrow keys to choose a time and room, then space to drop.`;
    },
    onDragMove: () => undefined,
    onDragOver: () => undefined,
    onDragEnd: () => t`Dropped.`,
    onDragCancel: () => t`Cancelled. The appointment was not changed.`,
  };

  return {
    preview,
    dnd: {
      sensors,
      onDragStart,
      onDragMove,
      onDragEnd: (event) => void onDragEnd(event),
      onDragCancel: () => preview.set(null),
      accessibility: {
        announcements,
        screenReaderInstructions: {
          draggable: t`To move an appointment, press space, use the arrow keys to choose another time or room, and press space again. Press escape to cancel.`,
        },
      },
    },
  };
}
