import { describe, expect, it } from 'vitest';
import {
  appointmentKpis,
  chairUtilisation,
  combineKpis,
  daysOfRange,
  type KpiFigures,
  kpiQuerySchema,
  openMinutesOver,
  paymentKpis,
  rangeInstants,
  recallCompliance,
  recallWindows,
} from '../src/reports/kpis.ts';
import { parseWith } from '../src/validation/issues.ts';
import { aWeek, TORONTO } from '../testing/practices.ts';

const parse = (query: Record<string, string>) => parseWith(kpiQuerySchema, query, 'query');

describe('kpiQuerySchema', () => {
  it('reads a range and defaults the scope to this practice', () => {
    expect(parse({ from: '2026-01-01', to: '2026-12-31' })).toEqual({
      ok: true,
      value: { from: '2026-01-01', to: '2026-12-31', scope: 'practice' },
    });
    expect(parse({ from: '2026-11-01', to: '2026-11-01', scope: 'all' })).toMatchObject({ ok: true });
  });

  it.each([
    [{ to: '2026-01-31' }, 'from', 'from is required'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from', 'from must be a date (YYYY-MM-DD)'],
    [{ from: '2026-01-01', to: 'soon' }, 'to', 'to must be a date (YYYY-MM-DD)'],
    [{ from: '2026-02-01', to: '2026-01-31' }, 'to', 'to must not be before from'],
    [{ from: '2025-01-01', to: '2026-01-02' }, 'to', 'The range from from to to can cover at most 366 days'],
    [
      { from: '2026-01-01', to: '2026-01-02', scope: 'mine' },
      'scope',
      "scope: Invalid enum value. Expected 'practice' | 'all'",
    ],
  ])('%j is refused naming %s', (query, field, message) => {
    const result = parse(query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toMatchObject({ field, message });
  });

  it('takes a leap year of 366 days', () => {
    expect(parse({ from: '2028-01-01', to: '2028-12-31' }).ok).toBe(true);
  });
});

describe('the arithmetic', () => {
  it('gives each outcome its share of booked, and no share of nothing', () => {
    expect(appointmentKpis({ booked: 40, completed: 30, cancelled: 6, noShow: 2 })).toEqual({
      booked: 40,
      completed: 30,
      cancelled: 6,
      noShow: 2,
      completedRate: 0.75,
      cancelledRate: 0.15,
      noShowRate: 0.05,
    });
    expect(appointmentKpis({ booked: 0, completed: 0, cancelled: 0, noShow: 0 }).noShowRate).toBeNull();
  });

  it('counts the open minutes of each day of the range under the weekly hours', () => {
    // Sunday 22 to Saturday 28 November 2026: closed, 4 × 600 minutes, Thursday 720, Saturday 300.
    expect(openMinutesOver(aWeek(), '2026-11-22', '2026-11-28')).toBe(4 * 600 + 720 + 300);
    expect(openMinutesOver(aWeek(), '2026-11-22', '2026-11-22')).toBe(0);
    expect(daysOfRange('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('sets each active room’s booked minutes against its open minutes', () => {
    const rooms = [
      { room: 'Room 1', name: 'Operatory 1' },
      { room: 'Room 2', name: 'Hygiene 1' },
    ];
    const booked = new Map([
      ['Room 1', 300],
      ['Room 9', 60],
    ]);
    expect(chairUtilisation(rooms, booked, 600)).toEqual({
      rooms: [
        { room: 'Room 1', name: 'Operatory 1', bookedMinutes: 300, openMinutes: 600, utilisation: 0.5 },
        { room: 'Room 2', name: 'Hygiene 1', bookedMinutes: 0, openMinutes: 600, utilisation: 0 },
      ],
      bookedMinutes: 300,
      openMinutes: 1200,
      utilisation: 0.25,
    });
    expect(chairUtilisation(rooms, booked, 0).utilisation).toBeNull();
  });

  it('totals payments to the cent, largest method first', () => {
    expect(
      paymentKpis([
        { method: 'cash', amount: 10.1, count: 1 },
        { method: 'credit', amount: 20.196, count: 2 },
      ]),
    ).toEqual({
      total: 30.3,
      count: 3,
      byMethod: [
        { method: 'credit', amount: 20.2, count: 2 },
        { method: 'cash', amount: 10.1, count: 1 },
      ],
    });
  });

  it('adds practices up and recomputes the rates from the sums', () => {
    const figures = (booked: number, noShow: number, method: string, amount: number): KpiFigures => ({
      appointments: appointmentKpis({ booked, completed: booked - noShow, cancelled: 0, noShow }),
      utilisation: chairUtilisation(
        [{ room: 'Room 1', name: 'Operatory 1' }],
        new Map([['Room 1', booked * 60]]),
        6000,
      ),
      payments: paymentKpis([{ method, amount, count: 1 }]),
      newPatients: booked,
      recalls: recallCompliance(booked, noShow),
    });
    const total = combineKpis([figures(10, 5, 'cash', 50), figures(90, 5, 'cash', 25.5)]);
    expect(total.appointments).toMatchObject({ booked: 100, noShow: 10, noShowRate: 0.1 });
    expect(total.utilisation).toEqual({ rooms: [], bookedMinutes: 6000, openMinutes: 12000, utilisation: 0.5 });
    expect(total.payments).toEqual({ total: 75.5, count: 2, byMethod: [{ method: 'cash', amount: 75.5, count: 2 }] });
    expect(total.newPatients).toBe(100);
    expect(total.recalls).toEqual({ due: 100, kept: 10, rate: 0.1 });
    expect(combineKpis([figures(10, 5, 'cash', 50)]).utilisation.rooms).toHaveLength(1);
  });
});

describe('practice-local instants', () => {
  it('runs from the first local midnight to the one after the last day, through a clock change', () => {
    expect(rangeInstants('2026-11-01', '2026-11-30', TORONTO)).toEqual({
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-12-01T05:00:00.000Z',
    });
  });

  it('gives each due date the days 30 before to 30 after it', () => {
    const [window] = recallWindows('2026-06-15', '2026-06-15', TORONTO);
    expect(window).toEqual({
      dueDate: '2026-06-15',
      start: '2026-05-16T04:00:00.000Z',
      end: '2026-07-16T04:00:00.000Z',
    });
    expect(recallWindows('2026-06-01', '2026-06-30', TORONTO)).toHaveLength(30);
  });
});
