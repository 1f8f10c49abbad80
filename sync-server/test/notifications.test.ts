import { describe, expect, it } from 'vitest';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'staff');

describe('notifications', () => {
  it('lists only the caller’s own notifications, newest first', async () => {
    const mine = (await t.request({ url: '/api/notifications', cookie: as.admin })).json() as {
      id: number;
      createdAt: string;
      isRead: boolean;
    }[];
    expect(mine.length).toBe(12);
    expect(mine.filter((n) => !n.isRead).length).toBeGreaterThan(9);
    expect(mine.map((n) => n.createdAt)).toEqual([...mine.map((n) => n.createdAt)].sort().reverse());
    const theirs = (await t.request({ url: '/api/notifications', cookie: as.staff })).json() as { id: number }[];
    expect(theirs.some((n) => mine.some((m) => m.id === n.id))).toBe(false);
  });

  it('marks one as read; someone else’s is 404', async () => {
    const [first] = (await t.request({ url: '/api/notifications', cookie: as.staff })).json() as { id: number }[];
    const other = (await t.request({ method: 'PATCH', url: `/api/notifications/${first?.id}/read`, cookie: as.admin }))
      .statusCode;
    expect(other).toBe(404);
    const own = await t.request({ method: 'PATCH', url: `/api/notifications/${first?.id}/read`, cookie: as.staff });
    expect(own.statusCode).toBe(200);
    const after = (await t.request({ url: '/api/notifications', cookie: as.staff })).json() as {
      id: number;
      isRead: boolean;
    }[];
    expect(after.find((n) => n.id === first?.id)?.isRead).toBe(true);
  });

  it('clears all of the caller’s notifications only', async () => {
    const response = await t.request({ method: 'POST', url: '/api/notifications/clear-all', cookie: as.staff });
    expect(response.json()).toMatchObject({ success: true, cleared: 4 });
    expect((await t.request({ url: '/api/notifications', cookie: as.staff })).json()).toEqual([]);
    expect(((await t.request({ url: '/api/notifications', cookie: as.admin })).json() as unknown[]).length).toBe(12);
  });

  it('needs a session', async () => {
    expect((await t.request({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('GET /api/practice-hours-unified/{practiceId}', () => {
  it('gives the week by lowercase weekday, closed on Sunday', async () => {
    const response = await t.request({ url: '/api/practice-hours-unified/1', cookie: as.staff });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.hours)).toEqual([
      'sunday',
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ]);
    expect(body.hours.sunday).toEqual({ openTime: null, closeTime: null, isOpen: false, closed: true });
    expect(body.hours.monday).toMatchObject({ isOpen: true, openTime: expect.stringMatching(/^\d{2}:\d{2}$/) });
  });

  it("refuses another practice's hours", async () => {
    const response = await t.request({ url: '/api/practice-hours-unified/2', cookie: as.staff });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Access denied to this practice');
  });
});
