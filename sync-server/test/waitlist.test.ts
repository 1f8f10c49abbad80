import type { StaffNotification } from '@dental/domain/communications/staff-notification';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { anAppointment, DOCTOR, on } from '@dental/domain/testing/appointments';
import type { WaitlistEntry, WaitlistOffer } from '@dental/domain/waitlist/entry';
import { beforeAll, describe, expect, it } from 'vitest';
import { offerFreedSlots } from '../src/services/waitlist-offers.ts';
import { bookAppointment, cancelAppointment } from './helpers/api.ts';
import { activePatientIds, patientOf, setPermission } from './helpers/demo-data.ts';
import { MONDAY, WEDNESDAY } from './helpers/schedule-days.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'hygienist', 'admin');
let patients: string[] = [];

beforeAll(async () => {
  patients = await activePatientIds(t, 12);
});

const patient = (index: number) => patients[index] ?? '';

/** A wish that fits any Monday slot of half an hour or more. */
const MONDAY_ANY = { weekdays: [1], partOfDay: 'any', procedure: 'Cleaning', duration: 30, priority: 'high' };

async function addEntry(body: Record<string, unknown>, cookie = as.receptionist): Promise<WaitlistEntry> {
  const response = await t.request({ method: 'POST', url: '/api/waitlist', cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function waitlist(cookie = as.receptionist): Promise<WaitlistEntry[]> {
  const response = await t.request({ url: '/api/waitlist', cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function offersOn(date: string): Promise<WaitlistOffer[]> {
  const response = await t.request({ url: `/api/waitlist/offers?date=${date}`, cookie: as.receptionist });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function notificationsOf(cookie: string): Promise<StaffNotification[]> {
  return (await t.request({ url: '/api/notifications', cookie })).json();
}

/** Books a Monday appointment and cancels it, which frees its slot. */
async function freeSlot(time: string, room: string, patientIndex: number): Promise<Appointment> {
  const booked = await bookAppointment(
    t,
    as.receptionist,
    anAppointment({
      patientId: patient(patientIndex),
      appointmentDate: on(MONDAY, time),
      treatmentRoom: room,
      duration: 60,
    }),
  );
  const cancelled = await cancelAppointment(t, as.receptionist, booked.id);
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  return booked;
}

describe('waitlist entries', () => {
  it('creates (201), lists, edits and removes an entry', async () => {
    const created = await addEntry({ patientId: patient(0), providerId: DOCTOR.id, ...MONDAY_ANY, weekdays: [3, 1] });
    expect(created).toMatchObject({
      patientId: patient(0),
      providerId: DOCTOR.id,
      providerName: 'Dr. Daniel Chen',
      weekdays: [1, 3],
      partOfDay: 'any',
      duration: 30,
      status: 'waiting',
      createdAt: TEST_START,
    });
    expect((await waitlist()).map((entry) => entry.id)).toContain(created.id);

    const edited = await t.request({
      method: 'PATCH',
      url: `/api/waitlist/${created.id}`,
      cookie: as.receptionist,
      body: { partOfDay: 'evening', duration: 60, providerId: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ partOfDay: 'evening', duration: 60, providerId: null, providerName: null });

    const removed = await t.request({ method: 'DELETE', url: `/api/waitlist/${created.id}`, cookie: as.receptionist });
    expect(removed.statusCode).toBe(200);
    expect((await waitlist()).map((entry) => entry.id)).not.toContain(created.id);
    const again = await t.request({ method: 'DELETE', url: `/api/waitlist/${created.id}`, cookie: as.receptionist });
    expect(again.statusCode).toBe(404);
  });

  it('lists the seeded entries of the practice only', async () => {
    const entries = await waitlist();
    expect(entries.length).toBeGreaterThanOrEqual(5);
    const own = new Set(await activePatientIds(t, 10_000));
    expect(entries.every((entry) => own.has(entry.patientId))).toBe(true);
  });

  it.each([
    [{ procedure: '' }, 'procedure'],
    [{ duration: 45 }, 'duration'],
    [{ duration: 150 }, 'duration'],
    [{ partOfDay: 'night' }, 'partOfDay'],
    [{ priority: 'urgent' }, 'priority'],
    [{ weekdays: [9] }, 'weekdays'],
    [{ patientId: 'nobody' }, 'patientId'],
    [{ providerId: 4 }, 'providerId'],
  ])('refuses %o with 400 naming the field', async (over, field) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      cookie: as.receptionist,
      body: { patientId: patient(0), ...MONDAY_ANY, ...over },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { field: string }).field).toMatch(new RegExp(`^${field}`));
  });

  it('refuses another practice’s patient (400) and entry (404)', async () => {
    const elsewhere = await patientOf(t, 2);
    const response = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      cookie: as.receptionist,
      body: { patientId: elsewhere, ...MONDAY_ANY },
    });
    expect(response.statusCode).toBe(400);
    const [theirs] = await waitlist(as.admin).then(() =>
      t.request({ url: '/api/waitlist', cookie: as.admin, practiceId: 2 }).then((r) => r.json() as WaitlistEntry[]),
    );
    expect(theirs).toBeDefined();
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/waitlist/${theirs?.id}`,
      cookie: as.receptionist,
      body: { priority: 'low' },
    });
    expect(patch.statusCode).toBe(404);
  });

  it('is closed to a hygienist, who holds no waitlist permission (403)', async () => {
    expect((await t.request({ url: '/api/waitlist', cookie: as.hygienist })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/waitlist/offers', cookie: as.hygienist })).statusCode).toBe(403);
    const post = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      cookie: as.hygienist,
      body: { patientId: patient(0), ...MONDAY_ANY },
    });
    expect(post.statusCode).toBe(403);
    const [entry] = await waitlist();
    for (const request of [
      { method: 'PATCH' as const, url: `/api/waitlist/${entry?.id}`, body: { priority: 'low' } },
      { method: 'DELETE' as const, url: `/api/waitlist/${entry?.id}` },
    ]) {
      expect((await t.request({ ...request, cookie: as.hygienist })).statusCode).toBe(403);
    }
  });
});

describe('offers of freed slots', () => {
  it('offers a cancelled future slot to the entries that fit, and tells the staff who see the waitlist', async () => {
    const fits = await addEntry({ patientId: patient(1), ...MONDAY_ANY });
    const wrongDay = await addEntry({ patientId: patient(2), ...MONDAY_ANY, weekdays: [3] });
    const tooLong = await addEntry({ patientId: patient(3), ...MONDAY_ANY, duration: 90 });
    const before = (await notificationsOf(as.receptionist)).length;

    const freed = await freeSlot('10:00', 'Room 1', 4);

    const offers = (await offersOn(MONDAY)).filter((offer) => offer.appointmentDate === freed.appointmentDate);
    const offered = offers.find((offer) => offer.entryId === fits.id);
    expect(offered).toMatchObject({
      patientId: patient(1),
      providerId: DOCTOR.id,
      treatmentRoom: 'Room 1',
      duration: 30,
      status: 'open',
      expiresAt: new Date(Date.parse(TEST_START) + 24 * 3_600_000).toISOString(),
    });
    expect(offers.some((offer) => offer.entryId === wrongDay.id || offer.entryId === tooLong.id)).toBe(false);
    expect((await offersOn(WEDNESDAY)).some((offer) => offer.entryId === fits.id)).toBe(false);
    expect((await waitlist()).find((entry) => entry.id === fits.id)?.status).toBe('offered');

    const told = (await notificationsOf(as.receptionist)).filter((n) => n.type === 'waitlist_match');
    expect((await notificationsOf(as.receptionist)).length).toBe(before + 1);
    expect(told[0]).toMatchObject({
      title: 'Waitlist match',
      category: 'appointment',
      link: expect.stringMatching(/^\/waitlist\?offer=[0-9a-f-]{36}$/),
    });
    expect(told[0]?.message).toMatch(/fit the freed 10:00 slot on \w{3} \d+, 2027 with Dr\. Daniel Chen in Room 1\./);
    const hygienistTold = (await notificationsOf(as.hygienist)).filter((n) => n.type === 'waitlist_match');
    expect(hygienistTold).toEqual([]);
  });

  it('books from the offer: the appointment is made, the entry leaves the list, the slot’s other offers close', async () => {
    const entry = await addEntry({ patientId: patient(5), ...MONDAY_ANY, priority: 'high' });
    const freed = await freeSlot('13:00', 'Room 2', 6);
    const offers = (await offersOn(MONDAY)).filter((offer) => offer.appointmentDate === freed.appointmentDate);
    const mine = offers.find((offer) => offer.entryId === entry.id);
    expect(offers.length).toBeGreaterThan(1);

    const response = await t.request({
      method: 'POST',
      url: `/api/waitlist/offers/${mine?.id}/book`,
      cookie: as.receptionist,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { appointment, offer } = response.json() as { appointment: Appointment; offer: WaitlistOffer };
    expect(offer).toMatchObject({ status: 'booked', appointmentId: appointment.id });
    expect(appointment).toMatchObject({
      patientId: patient(5),
      providerId: DOCTOR.id,
      treatmentRoom: 'Room 2',
      appointmentDate: freed.appointmentDate,
      duration: 30,
      procedure: 'Cleaning',
      status: 'scheduled',
    });
    const day = (await t.request({ url: `/api/appointments?date=${MONDAY}`, cookie: as.receptionist })).json();
    expect((day as Appointment[]).some((booked) => booked.id === appointment.id)).toBe(true);
    expect((await waitlist()).some((listed) => listed.id === entry.id)).toBe(false);
    expect((await offersOn(MONDAY)).some((open) => open.appointmentDate === freed.appointmentDate)).toBe(false);

    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', 'in', [appointment.id, entry.id])
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['appointment.create', 'waitlist.book', 'waitlist.create']);

    const twice = await t.request({
      method: 'POST',
      url: `/api/waitlist/offers/${mine?.id}/book`,
      cookie: as.receptionist,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'WAITLIST_OFFER_CLOSED' });
  });

  it('answers 409 with the conflict when the slot was taken meanwhile, and changes nothing', async () => {
    const entry = await addEntry({ patientId: patient(7), ...MONDAY_ANY });
    const freed = await freeSlot('15:00', 'Room 3', 8);
    const offer = (await offersOn(MONDAY)).find(
      (open) => open.entryId === entry.id && open.appointmentDate === freed.appointmentDate,
    );
    // Taken behind the offer's back (no schedule event closes the offer).
    await t.db
      .insertInto('appointments')
      .values({
        id: '6f1c7a52-2b51-4d0e-9f5e-3c1d2a4b5c6d',
        practice_id: 1,
        patient_id: patient(9),
        provider_id: DOCTOR.id,
        treatment_room: 'Room 3',
        appointment_date: freed.appointmentDate,
        duration: 30,
        status: 'scheduled',
        procedure: 'Exam',
        created_at: TEST_START,
        updated_at: TEST_START,
      })
      .execute();
    const response = await t.request({
      method: 'POST',
      url: `/api/waitlist/offers/${offer?.id}/book`,
      cookie: as.receptionist,
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'SCHEDULING_CONFLICT',
      conflicts: [{ type: 'room' }, { type: 'provider' }],
    });
    expect((await waitlist()).find((listed) => listed.id === entry.id)?.status).toBe('offered');
  });

  it('closes the offers of a slot booked by other means', async () => {
    const entry = await addEntry({ patientId: patient(10), ...MONDAY_ANY });
    const freed = await freeSlot('16:00', 'Room 1', 11);
    const offer = (await offersOn(MONDAY)).find(
      (open) => open.entryId === entry.id && open.appointmentDate === freed.appointmentDate,
    );
    expect(offer).toBeDefined();
    await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient(11), appointmentDate: freed.appointmentDate, treatmentRoom: 'Room 1' }),
    );
    expect((await offersOn(MONDAY)).some((open) => open.id === offer?.id)).toBe(false);
    const response = await t.request({
      method: 'POST',
      url: `/api/waitlist/offers/${offer?.id}/book`,
      cookie: as.receptionist,
    });
    expect(response.statusCode).toBe(409);
    expect((await waitlist()).find((listed) => listed.id === entry.id)?.status).toBe('waiting');
  });

  it('declines an offer: it closes and the entry keeps waiting', async () => {
    const entry = await addEntry({ patientId: patient(1), ...MONDAY_ANY, partOfDay: 'afternoon' });
    const freed = await freeSlot('14:00', 'Room 1', 2);
    const offer = (await offersOn(MONDAY)).find(
      (open) => open.entryId === entry.id && open.appointmentDate === freed.appointmentDate,
    );
    const response = await t.request({
      method: 'POST',
      url: `/api/waitlist/offers/${offer?.id}/decline`,
      cookie: as.receptionist,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'declined' });
    expect((await offersOn(MONDAY)).some((open) => open.id === offer?.id)).toBe(false);
    expect((await waitlist()).find((listed) => listed.id === entry.id)?.status).toBe('waiting');
  });

  it('needs appointments.create to book from an offer', async () => {
    const entry = await addEntry({ patientId: patient(3), ...MONDAY_ANY });
    const freed = await freeSlot('11:30', 'Room 2', 4);
    const offer = (await offersOn(MONDAY)).find(
      (open) => open.entryId === entry.id && open.appointmentDate === freed.appointmentDate,
    );
    await setPermission(t, 'receptionist', 'appointments.create', false);
    try {
      const response = await t.request({
        method: 'POST',
        url: `/api/waitlist/offers/${offer?.id}/book`,
        cookie: as.receptionist,
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await setPermission(t, 'receptionist', 'appointments.create', null);
    }
  });

  it('offers nothing for a slot already past', async () => {
    await addEntry({ patientId: patient(6), ...MONDAY_ANY });
    const booked = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId: patient(7), appointmentDate: on(MONDAY, '09:00'), treatmentRoom: 'Room 3' }),
    );
    // Cancelled without an event, so the hook can be asked about the same freed slot at two moments.
    await t.db.updateTable('appointments').set({ status: 'cancelled' }).where('id', '=', booked.id).execute();
    const event = { kind: 'edited', before: booked, after: { ...booked, status: 'cancelled' } } as const;
    const offersAt = async () =>
      (
        await t.db
          .selectFrom('waitlist_offers')
          .select('id')
          .where('appointment_date', '=', booked.appointmentDate)
          .execute()
      ).length;
    const actor = { practiceId: 1, userId: 1 };

    await offerFreedSlots(t.db, { ...actor, now: new Date(on(MONDAY, '09:30')) }, event);
    expect(await offersAt()).toBe(0);
    await offerFreedSlots(t.db, { ...actor, now: new Date(TEST_START) }, event);
    expect(await offersAt()).toBeGreaterThan(0);
  });
});
