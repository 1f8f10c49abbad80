import { describe, expect, it } from 'vitest';
import { initialValues, payloadOf } from './maintenance-values.ts';

const ZONE = 'America/Toronto';

describe('what the maintenance form opens with', () => {
  it("is 09:00 to 10:00 from the header, and the slot's hour from a slot", () => {
    expect(initialValues({ mode: 'create', date: '2026-11-23' }, ZONE)).toMatchObject({
      roomId: '',
      startDate: '2026-11-23',
      startTime: '09:00',
      endDate: '2026-11-23',
      endTime: '10:00',
      maintenanceType: 'routine',
      priority: 'medium',
    });
    expect(initialValues({ mode: 'create', date: '2026-11-23', room: 'Room 2', time: '14:30' }, ZONE)).toMatchObject({
      roomId: 'Room 2',
      startTime: '14:30',
      endTime: '15:30',
    });
  });

  it('runs past midnight into the next day from a late slot', () => {
    expect(initialValues({ mode: 'create', date: '2026-11-23', time: '23:30' }, ZONE)).toMatchObject({
      endDate: '2026-11-24',
      endTime: '00:30',
    });
  });

  it('is the stored window when editing, on the practice clock', () => {
    const schedule = {
      id: 'm1',
      roomId: 'Room 3',
      title: 'Compressor service',
      maintenanceType: 'repair',
      startDateTime: '2026-11-23T17:00:00.000Z',
      endDateTime: '2026-11-23T19:00:00.000Z',
      priority: 'high',
      cost: 120.5,
      vendor: null,
    };
    expect(initialValues({ mode: 'edit', schedule }, ZONE)).toEqual({
      roomId: 'Room 3',
      maintenanceType: 'repair',
      title: 'Compressor service',
      description: '',
      startDate: '2026-11-23',
      startTime: '12:00',
      endDate: '2026-11-23',
      endTime: '14:00',
      priority: 'high',
      vendor: '',
      cost: 120.5,
      notes: '',
    });
  });
});

describe('what the maintenance form sends', () => {
  it('sends instants on the practice clock, trimmed text, and blanks as null', () => {
    const values = {
      ...initialValues({ mode: 'create', date: '2026-11-23', room: 'Room 1' }, ZONE),
      title: '  Deep clean ',
      vendor: ' ',
      cost: 80,
    };
    expect(payloadOf(values, ZONE)).toEqual({
      roomId: 'Room 1',
      maintenanceType: 'routine',
      title: 'Deep clean',
      description: null,
      startDateTime: '2026-11-23T14:00:00.000Z',
      endDateTime: '2026-11-23T15:00:00.000Z',
      priority: 'medium',
      vendor: null,
      cost: 80,
      notes: null,
    });
    expect(payloadOf({ ...values, cost: '' }, ZONE).cost).toBeNull();
  });
});
