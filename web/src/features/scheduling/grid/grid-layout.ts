import { SCHEDULING } from '@dental/domain/constants';
import { clockTime } from '@dental/domain/practices/hours';
import type { MaintenanceWindow } from '@dental/domain/scheduling/conflicts';
import {
  columnWidth,
  type GridAppointment,
  type GridRoom,
  rowHeight,
  type SlotView,
  slotMinutes,
} from '../day/schedule-model.ts';

const MINUTE_MS = 60_000;
const STEP = SCHEDULING.durationStepMinutes;
/** The shortest a card is drawn, so a name stays readable. */
export const MIN_CARD_PX = 14;

/** Pixel geometry of one day's grid: rows are time from opening, columns are rooms. */
export interface GridGeometry {
  /** Opening and closing, minutes after midnight on the practice's clock. */
  open: number;
  close: number;
  /** The opening instant: cards are placed by their distance from it, with no time-zone work per card. */
  openMs: number;
  view: SlotView;
  rowHeight: number;
  rowMinutes: number;
  pxPerMinute: number;
  columnWidth: number;
  height: number;
  width: number;
  rooms: readonly GridRoom[];
  roomIndex: ReadonlyMap<string, number>;
  /** Row labels ('HH:MM'), one per row. */
  rows: readonly string[];
}

export function gridGeometry(
  span: { open: number; close: number },
  openInstant: string,
  view: SlotView,
  rooms: readonly GridRoom[],
): GridGeometry {
  const height = rowHeight(view, rooms.length);
  const rowMinutes = slotMinutes(view);
  const width = columnWidth(rooms.length);
  const rows: string[] = [];
  for (let start = span.open; start < span.close; start += rowMinutes) rows.push(clockTime(start));
  const pxPerMinute = height / rowMinutes;
  return {
    ...span,
    openMs: Date.parse(openInstant),
    view,
    rowHeight: height,
    rowMinutes,
    pxPerMinute,
    columnWidth: width,
    height: Math.round((span.close - span.open) * pxPerMinute),
    width: width * rooms.length,
    rooms,
    roomIndex: new Map(rooms.map((room, index) => [room.code, index])),
    rows,
  };
}

/**
 * Minutes after midnight of an instant. Measured from the opening instant: daylight-saving changes
 * happen at 2 a.m., before any practice opens, so the offset at opening holds all day.
 */
function minuteOf(geometry: GridGeometry, iso: string): number {
  return geometry.open + Math.round((Date.parse(iso) - geometry.openMs) / MINUTE_MS);
}

/** The instant of a minute of the day, the inverse of minuteOf. */
export function instantOf(geometry: GridGeometry, minute: number): string {
  return new Date(geometry.openMs + (minute - geometry.open) * MINUTE_MS).toISOString();
}

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface PlacedAppointment {
  appointment: GridAppointment;
  box: Box;
  start: number;
  time: string;
}

function verticalBox(geometry: GridGeometry, start: number, end: number, minHeight: number) {
  const from = Math.min(Math.max(start, geometry.open), geometry.close);
  const to = Math.max(Math.min(end, geometry.close), geometry.open);
  const top = (from - geometry.open) * geometry.pxPerMinute;
  const height = Math.max((to - from) * geometry.pxPerMinute, minHeight);
  // Something outside opening hours still shows, pinned to the nearest edge, so nothing is silently hidden.
  return { top: Math.min(top, Math.max(geometry.height - height, 0)), height };
}

/**
 * Card boxes by start and duration. Overlapping bookings in one room (booked despite a conflict)
 * share the column side by side instead of hiding each other.
 */
export function placeAppointments(
  geometry: GridGeometry,
  appointments: readonly GridAppointment[],
): PlacedAppointment[] {
  const byRoom = new Map<number, { appointment: GridAppointment; start: number; end: number }[]>();
  for (const appointment of appointments) {
    const room = geometry.roomIndex.get(appointment.treatmentRoom);
    if (room === undefined) continue;
    const start = minuteOf(geometry, appointment.appointmentDate);
    const list = byRoom.get(room) ?? [];
    list.push({ appointment, start, end: start + appointment.duration });
    byRoom.set(room, list);
  }
  const placed: PlacedAppointment[] = [];
  // Room by room, top to bottom: the order keyboard users tab through the cards.
  for (const [room, list] of [...byRoom].sort((a, b) => a[0] - b[0])) {
    list.sort((a, b) => a.start - b.start || a.end - b.end);
    let cluster: { item: (typeof list)[number]; lane: number }[] = [];
    let clusterEnd = -1;
    const flush = () => {
      const lanes = Math.max(1, ...cluster.map((entry) => entry.lane + 1));
      const laneWidth = geometry.columnWidth / lanes;
      for (const { item, lane } of cluster) {
        const vertical = verticalBox(geometry, item.start, item.end, MIN_CARD_PX);
        placed.push({
          appointment: item.appointment,
          start: item.start,
          time: clockTime(item.start),
          box: { ...vertical, left: room * geometry.columnWidth + lane * laneWidth, width: laneWidth },
        });
      }
      cluster = [];
    };
    for (const item of list) {
      if (item.start >= clusterEnd) flush();
      const taken = new Set(cluster.filter((entry) => entry.item.end > item.start).map((entry) => entry.lane));
      let lane = 0;
      while (taken.has(lane)) lane++;
      cluster.push({ item, lane });
      clusterEnd = Math.max(clusterEnd, item.end);
    }
    flush();
  }
  return placed;
}

export interface PlacedMaintenance {
  window: MaintenanceWindow;
  box: Box;
  /** 'HH:MM–HH:MM' on the practice's clock, and its two ends. */
  label: string;
  from: string;
  to: string;
}

export function placeMaintenance(geometry: GridGeometry, windows: readonly MaintenanceWindow[]): PlacedMaintenance[] {
  return windows.flatMap((window) => {
    const room = geometry.roomIndex.get(window.roomId);
    if (room === undefined) return [];
    const start = minuteOf(geometry, window.startDateTime);
    const end = minuteOf(geometry, window.endDateTime);
    const vertical = verticalBox(geometry, start, end, SCHEDULING.maintenanceCardMinHeightPx);
    const from = clockTime(Math.max(start, 0));
    const to = clockTime(Math.min(end, 24 * 60));
    return [
      {
        window,
        box: { ...vertical, left: room * geometry.columnWidth, width: geometry.columnWidth },
        label: `${from}–${to}`,
        from,
        to,
      },
    ];
  });
}

/** The 30-minute slot under a point of the grid body, or null outside the rooms or the open hours. */
export function slotAt(geometry: GridGeometry, x: number, y: number): { room: string; minute: number } | null {
  const room = geometry.rooms[Math.floor(x / geometry.columnWidth)];
  if (!room || y < 0 || y >= geometry.height) return null;
  const minute = geometry.open + Math.floor(y / geometry.pxPerMinute / STEP) * STEP;
  if (minute >= geometry.close) return null;
  return { room: room.code, minute };
}

/** Where a card dragged by `delta` pixels lands: whole 30-minute steps and whole columns, within the day. */
export function dropTarget(
  geometry: GridGeometry,
  placed: { start: number; room: number; duration: number },
  delta: { x: number; y: number },
): { room: string; minute: number } {
  const steps = Math.round(delta.y / geometry.pxPerMinute / STEP);
  const latest = Math.max(geometry.open, geometry.close - placed.duration);
  const minute = Math.min(Math.max(placed.start + steps * STEP, geometry.open), latest);
  const column = Math.min(
    Math.max(placed.room + Math.round(delta.x / geometry.columnWidth), 0),
    geometry.rooms.length - 1,
  );
  return { room: geometry.rooms[column]?.code ?? '', minute };
}

/** Spec 9: a resize snaps to 30-minute steps, one step per 40 px, between 30 and 120 minutes. */
export function resizedDuration(duration: number, deltaY: number): number {
  const steps = Math.round(deltaY / SCHEDULING.resizeStepPx);
  return Math.min(
    Math.max(duration + steps * SCHEDULING.resizeStepMinutes, SCHEDULING.minDurationMinutes),
    SCHEDULING.maxDurationMinutes,
  );
}
