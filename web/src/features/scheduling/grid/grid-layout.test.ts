import { describe, expect, it } from 'vitest';
import { anAppointment } from '../../../../test/builders.ts';
import type { GridRoom } from '../day/schedule-model.ts';
import {
  dropTarget,
  gridGeometry,
  instantOf,
  MIN_CARD_PX,
  placeAppointments,
  placeMaintenance,
  resizedDuration,
  slotAt,
} from './grid-layout.ts';

const ROOMS: GridRoom[] = ['Room 1', 'Room 2', 'Room 3'].map((code) => ({ code, name: code }));
/** 08:00 to 17:00 on a practice five hours behind UTC: opening is 13:00Z. */
const DAY = { open: 8 * 60, close: 17 * 60 };
const OPENING = '2026-11-23T13:00:00.000Z';
const at = (clock: string) =>
  `2026-11-23T${String(Number(clock.slice(0, 2)) + 5).padStart(2, '0')}:${clock.slice(3)}:00.000Z`;

describe('grid geometry', () => {
  it('gives a one-hour row 36 px, three rooms 280 px each, and a label per row', () => {
    const geometry = gridGeometry(DAY, OPENING, 'hour', ROOMS);
    expect(geometry).toMatchObject({
      rowHeight: 36,
      rowMinutes: 60,
      pxPerMinute: 0.6,
      columnWidth: 280,
      height: 324,
      width: 840,
      openMs: Date.parse(OPENING),
    });
    expect(geometry.rows).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(geometry.roomIndex.get('Room 3')).toBe(2);
  });

  it('switches to compact rows and narrow columns past twelve rooms, and to half-hour rows', () => {
    const many = Array.from({ length: 13 }, (_, index) => ({ code: `Room ${index + 1}`, name: `Room ${index + 1}` }));
    expect(gridGeometry(DAY, OPENING, 'hour', many)).toMatchObject({ rowHeight: 32, columnWidth: 120 });
    const halfHours = gridGeometry(DAY, OPENING, 'half-hour', ROOMS);
    expect(halfHours).toMatchObject({ rowHeight: 40, rowMinutes: 30 });
    expect(halfHours.rows).toHaveLength(18);
  });

  it('turns a minute of the day back into its instant', () => {
    const geometry = gridGeometry(DAY, OPENING, 'hour', ROOMS);
    expect(instantOf(geometry, 9 * 60 + 30)).toBe(at('09:30'));
  });
});

describe('placing cards', () => {
  const geometry = gridGeometry(DAY, OPENING, 'hour', ROOMS);

  it('places a card by its start and length, in its room column', () => {
    const [placed] = placeAppointments(geometry, [
      anAppointment({ treatmentRoom: 'Room 2', appointmentDate: at('09:00') }),
    ]);
    expect(placed).toMatchObject({ start: 540, time: '09:00', box: { top: 36, height: 18, left: 280, width: 280 } });
  });

  it('puts overlapping bookings of one room side by side, and the next one back to full width', () => {
    const placed = placeAppointments(geometry, [
      anAppointment({ id: 'later', appointmentDate: at('10:00') }),
      anAppointment({ id: 'long', appointmentDate: at('09:00'), duration: 60 }),
      anAppointment({ id: 'overlapping', appointmentDate: at('09:30') }),
    ]);
    expect(placed.map(({ appointment, box }) => [appointment.id, box.left, box.width])).toEqual([
      ['long', 0, 140],
      ['overlapping', 140, 140],
      ['later', 0, 280],
    ]);
  });

  it('orders cards room by room, top to bottom, and leaves out a room not on the grid', () => {
    const placed = placeAppointments(geometry, [
      anAppointment({ id: 'c', treatmentRoom: 'Room 3', appointmentDate: at('08:00') }),
      anAppointment({ id: 'b', treatmentRoom: 'Room 1', appointmentDate: at('11:00') }),
      anAppointment({ id: 'a', treatmentRoom: 'Room 1', appointmentDate: at('08:30') }),
      anAppointment({ id: 'gone', treatmentRoom: 'Room 9' }),
    ]);
    expect(placed.map(({ appointment }) => appointment.id)).toEqual(['a', 'b', 'c']);
  });

  it('pins a booking outside the opening hours to the nearest edge, at the smallest readable height', () => {
    const [early, late] = placeAppointments(geometry, [
      anAppointment({ id: 'early', appointmentDate: at('07:00') }),
      anAppointment({ id: 'late', treatmentRoom: 'Room 2', appointmentDate: at('18:00') }),
    ]);
    expect(early?.box).toMatchObject({ top: 0, height: MIN_CARD_PX });
    expect(late?.box).toMatchObject({ top: 324 - MIN_CARD_PX, height: MIN_CARD_PX });
  });

  it('places a maintenance window over its room, labelled with its times', () => {
    const [placed] = placeMaintenance(geometry, [
      { id: 'm1', roomId: 'Room 3', title: 'Deep clean', startDateTime: at('12:00'), endDateTime: at('13:00') },
      { id: 'm2', roomId: 'Room 9', title: 'Elsewhere', startDateTime: at('12:00'), endDateTime: at('13:00') },
    ]);
    expect(placed).toMatchObject({ label: '12:00–13:00', box: { top: 144, height: 36, left: 560, width: 280 } });
  });
});

describe('pointing and dragging', () => {
  const geometry = gridGeometry(DAY, OPENING, 'hour', ROOMS);

  it('finds the 30-minute slot under a point, and nothing outside the rooms or the hours', () => {
    expect(slotAt(geometry, 300, 40)).toEqual({ room: 'Room 2', minute: 540 });
    expect(slotAt(geometry, 10, 0)).toEqual({ room: 'Room 1', minute: 480 });
    expect(slotAt(geometry, 900, 40)).toBeNull();
    expect(slotAt(geometry, 10, -1)).toBeNull();
    expect(slotAt(geometry, 10, 324)).toBeNull();
  });

  it('drops a dragged card on whole slots and rooms, kept within the day and the grid', () => {
    const card = { start: 540, room: 0, duration: 60 };
    expect(dropTarget(geometry, card, { x: 290, y: 37 })).toEqual({ room: 'Room 2', minute: 600 });
    expect(dropTarget(geometry, card, { x: -900, y: -900 })).toEqual({ room: 'Room 1', minute: 480 });
    expect(dropTarget(geometry, card, { x: 5000, y: 5000 })).toEqual({ room: 'Room 3', minute: 960 });
  });

  it('resizes by 30 minutes for every 40 px, between 30 and 120 minutes', () => {
    expect(resizedDuration(30, 80)).toBe(90);
    expect(resizedDuration(60, 15)).toBe(60);
    expect(resizedDuration(30, -100)).toBe(30);
    expect(resizedDuration(120, 40)).toBe(120);
  });
});
