import { describe, expect, it } from 'vitest';
import { fileApp, signedIn } from './helpers/test-app.ts';

/** TEST_START is Sunday 2026-11-22, 10:00 in Toronto (practice 1), closed on Sundays. */
const t = fileApp();
const as = signedIn(t, 'doctor', 'staff');

describe('GET /api/practice-hours-unified/{practiceId}/time-slots', () => {
  const slots = async (query: string, cookie = as.staff, practiceId = 1) => {
    const response = await t.request({ url: `/api/practice-hours-unified/${practiceId}/time-slots${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('is empty on a closed day', async () => {
    expect(await slots('?day=sunday')).toMatchObject({ day: 'sunday', date: '2026-11-22', timeSlots: [] });
    // Without a day: today in Toronto, a Sunday.
    expect(await slots('')).toMatchObject({ day: 'sunday', date: '2026-11-22', timeSlots: [] });
  });

  it('gives 30-minute starts from opening until 30 minutes before closing', async () => {
    const monday = await slots('?day=Monday');
    expect(monday).toMatchObject({
      practiceId: 1,
      day: 'monday',
      date: '2026-11-23',
      compressed: false,
      stepMinutes: 30,
    });
    expect(monday.timeSlots).toHaveLength(20);
    expect(monday.timeSlots.slice(0, 3)).toEqual(['08:00', '08:30', '09:00']);
    expect(monday.timeSlots.at(-1)).toBe('17:30');

    const thursday = await slots('?day=2026-11-26');
    expect(thursday).toMatchObject({ day: 'thursday', date: '2026-11-26' });
    expect(thursday.timeSlots.at(-1)).toBe('19:30');
  });

  it('gives hourly starts when compressed', async () => {
    const saturday = await slots('?day=saturday&compressed=true');
    expect(saturday).toMatchObject({ compressed: true, stepMinutes: 60 });
    expect(saturday.timeSlots).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00']);
    expect((await slots('?day=saturday&compressed=false')).timeSlots).toHaveLength(10);
  });

  it('uses the practice’s own hours', async () => {
    const calgary = await slots('?day=saturday', as.doctor, 2);
    expect(calgary.timeSlots).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30']);
  });

  it.each([
    ['?day=mon', 'day'],
    ['?day=2026-02-30', 'day'],
    ['?day=monday&day=tuesday', 'day'],
    ['?compressed=yes', 'compressed'],
  ])('refuses %s naming %s', async (query, field) => {
    const response = await t.request({ url: `/api/practice-hours-unified/1/time-slots${query}`, cookie: as.staff });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });
});

describe('GET /api/practice-hours-unified/{practiceId}/display', () => {
  it('gives the week as one line', async () => {
    const response = await t.request({ url: '/api/practice-hours-unified/1/display', cookie: as.staff });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      practiceId: 1,
      display:
        'Mon-Wed 8:00 AM - 6:00 PM, Thu 8:00 AM - 8:00 PM, Fri 8:00 AM - 6:00 PM, Sat 9:00 AM - 2:00 PM, Sun Closed',
    });
  });
});
