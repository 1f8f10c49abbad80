import type { LocalStore } from '@dental/local-store';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../platform/api/api.ts';
import { localCommandFor } from './local-commands.ts';
import { readResults } from './read-results.ts';
import { errorText, readExecuteResponse } from './server-commands.ts';

function fakeStore() {
  const appointments = {
    create: vi.fn(async () => ({})),
    checkIn: vi.fn(async () => ({})),
    changeStatus: vi.fn(async () => ({})),
    update: vi.fn(async () => ({})),
  };
  return { store: { appointments } as unknown as LocalStore, appointments };
}

describe('a planned write on the device', () => {
  it('books, checks in, changes a status or moves through the store command the schedule uses', async () => {
    const { store, appointments } = fakeStore();
    await localCommandFor({ method: 'POST', endpoint: '/api/appointments', body: { patientId: 'p1' } })?.(store);
    expect(appointments.create).toHaveBeenCalledWith({ patientId: 'p1' });

    const checkIn = { status: 'checked-in', checkedInAt: 'x', arrivalTime: '09:58', waitingArea: 'main' };
    await localCommandFor({ method: 'PATCH', endpoint: '/api/appointments/a1', body: checkIn })?.(store);
    expect(appointments.checkIn).toHaveBeenCalledWith('a1', { arrivalTime: '09:58', waitingArea: 'main' });

    await localCommandFor({ method: 'PATCH', endpoint: '/api/appointments/a2', body: { status: 'no-show' } })?.(store);
    expect(appointments.changeStatus).toHaveBeenCalledWith('a2', 'no-show');

    const move = { appointmentDate: '2026-11-27T15:00:00.000Z' };
    await localCommandFor(
      { method: 'PATCH', endpoint: '/api/appointments/a3', body: move },
      { override: true },
    )?.(store);
    expect(appointments.update).toHaveBeenCalledWith('a3', { ...move, override: true });
  });

  it('has no store command for what only the server does', () => {
    expect(localCommandFor({ method: 'POST', endpoint: '/api/support/tickets', body: {} })).toBeNull();
    expect(localCommandFor({ method: 'POST', endpoint: '/api/appointments/family', body: {} })).toBeNull();
  });
});

describe('the server answer and its errors (spec 8)', () => {
  it('turns unreadable answers into failures with the spec words', () => {
    expect(readExecuteResponse(null)).toEqual({
      failure: 'Server returned empty response. Please check your connection and try again.',
    });
    expect(readExecuteResponse([1])).toEqual({ failure: 'Server returned invalid data format. Please try again.' });
    expect(readExecuteResponse({ success: true })).toEqual({
      failure: 'Server response was incomplete. The system may be busy - please try again.',
    });
    expect(readExecuteResponse({ success: 'yes', message: 'x' })).toEqual({
      failure: 'Server response could not be processed.',
    });
    const ok = readExecuteResponse({ success: true, message: 'Done', action: null, data: null, meta: {} });
    expect(ok).toMatchObject({ success: true, message: 'Done', meta: { adaptations: [] } });
  });

  it('names a timeout, a lost connection, a server fault and other refusals', () => {
    expect(errorText(new NetworkError('t', true))).toBe(
      'Command timed out. The system may be busy - please try again.',
    );
    expect(errorText(new NetworkError('Failed to fetch', false))).toBe(
      'Network connection issue. Please check your connection and try again.',
    );
    expect(errorText(new ApiError('boom', 503, null))).toBe('Server error occurred. Please try again in a moment.');
    expect(errorText(new ApiError('Nope', 403, { message: 'Nope' }))).toBe('Error: Nope');
    expect(errorText('?')).toBe('Failed to process command. Please try again.');
  });
});

describe('what a read found', () => {
  it('lists patients and free slots from the plan data', () => {
    const found = readResults(
      {
        patients: [{ id: 'p1', name: 'Élise Gagnon', dateOfBirth: '1985-03-14' }],
        slots: [{ date: '2026-11-27', time: '14:00', providerId: 11, provider: 'Dr. Anika Patel', room: 'Room 3' }],
      },
      'America/Toronto',
    );
    expect(found.patients).toEqual([{ id: 'p1', name: 'Élise Gagnon', dateOfBirth: '1985-03-14' }]);
    expect(found.slots).toEqual([
      {
        start: '2026-11-27T19:00:00.000Z',
        date: '2026-11-27',
        time: '14:00',
        room: 'Room 3',
        providerId: 11,
        provider: 'Dr. Anika Patel',
      },
    ]);
  });
});
