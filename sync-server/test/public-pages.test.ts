import type { StaffNotification } from '@dental/domain/communications/staff-notification';
import type {
  PublicConfirmPage,
  PublicFormsPage,
  PublicReviewPage,
  PublicSchedulePage,
  PublicSlots,
} from '@dental/domain/public/public-api';
import { PUBLIC_RATE_LIMIT } from '@dental/domain/public/public-token';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { anAppointment, DOCTOR, HYGIENIST, on } from '@dental/domain/testing/appointments';
import type { WaitlistEntry } from '@dental/domain/waitlist/entry';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../src/services/public-tokens.ts';
import { recordSurvey } from '../src/services/surveys.ts';
import { bookAppointment } from './helpers/api.ts';
import { activePatients, userId } from './helpers/demo-data.ts';
import { fromPhone, issueLink, newAddress, PUBLIC_API, sendFormsTo, templateIds } from './helpers/public-links.ts';
import { MONDAY, TUESDAY, WEDNESDAY } from './helpers/schedule-days.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';
import { TEST_START } from './helpers/test-clock.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'admin');
const patient = activePatients(t, 20);

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';

/** An appointment as staff see it, from its day's list. */
async function staffView(
  appointment: { id: string; appointmentDate: string },
  date: string,
): Promise<Appointment | undefined> {
  const day = await t.request({ url: `/api/appointments?date=${date}`, cookie: as.receptionist });
  return day.json<Appointment[]>().find((listed) => listed.id === appointment.id);
}

async function notificationsOf(cookie: string): Promise<StaffNotification[]> {
  return (await t.request({ url: '/api/notifications', cookie })).json();
}

async function storedPatient(id: string) {
  return t.db
    .selectFrom('patients')
    .select(['first_name', 'last_name', 'email', 'phone'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Nothing of the patient but the first name: no last name, e-mail, phone. */
async function expectOnlyFirstName(body: string, patientId: string) {
  const stored = await storedPatient(patientId);
  expect(body).toContain(stored.first_name);
  expect(body).not.toContain(stored.last_name);
  expect(body).not.toContain(stored.phone);
  if (stored.email) expect(body).not.toContain(stored.email);
}

async function formLink(patientIndex: number, titles: readonly string[], language: 'en' | 'fr' = 'en') {
  const ids = await templateIds(t);
  const sends = await sendFormsTo(
    t,
    patient(patientIndex),
    titles.map((title) => ids[title] ?? 0),
  );
  const link = await issueLink(t, {
    patientId: patient(patientIndex),
    purpose: 'form',
    subject: JSON.stringify(sends),
    language,
  });
  return { ...link, sends, ids };
}

describe('links', () => {
  it('stores only the hash of a token', async () => {
    const link = await issueLink(t, { patientId: patient(0), purpose: 'form', subject: '[]' });
    const rows = await t.db.selectFrom('public_tokens').selectAll().execute();
    expect(rows.some((row) => row.token_hash === hashToken(link.token))).toBe(true);
    for (const row of rows) expect(Object.values(row)).not.toContain(link.token);
    expect(JSON.stringify(rows)).not.toContain(link.token);
  });

  it('answers 404 for an unknown token and for a token of another page, with no data', async () => {
    const address = newAddress();
    const unknown = await fromPhone(t, address, { url: `${PUBLIC_API.review}AAAAAAAAAAAAAAAAAAAAAA` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This link is not valid.' });

    const form = await formLink(1, ['Medical History Questionnaire']);
    const wrongPage = await fromPhone(t, address, { url: `${PUBLIC_API.review}${form.token}` });
    expect(wrongPage.statusCode).toBe(404);
    expect(wrongPage.body).not.toContain((await storedPatient(patient(1))).first_name);
    const malformed = await fromPhone(t, address, { url: `${PUBLIC_API.form}not-a-token` });
    expect(malformed.statusCode).toBe(404);
  });

  it('answers 410 once the link has expired', async () => {
    const expiresAt = new Date(Date.parse(TEST_START) + 60_000);
    const link = await issueLink(t, { patientId: patient(2), purpose: 'form', subject: '[]', expiresAt });
    t.advance(2 * 60_000);
    const response = await fromPhone(t, newAddress(), { url: `${PUBLIC_API.form}${link.token}` });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({
      code: 'TOKEN_GONE',
      message: 'This link has expired or has already been used.',
    });
  });

  it('limits requests per address and leaves other addresses alone', async () => {
    const address = newAddress();
    const url = `${PUBLIC_API.form}AAAAAAAAAAAAAAAAAAAAAA`;
    for (let index = 0; index < PUBLIC_RATE_LIMIT.capacity; index += 1) {
      expect((await fromPhone(t, address, { url })).statusCode).toBe(404);
    }
    const limited = await fromPhone(t, address, { url });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await fromPhone(t, newAddress(), { url })).statusCode).toBe(404);
    // The general API budget of that address is untouched: its own limit is far larger.
    expect(Number(limited.headers['x-ratelimit-limit'])).toBe(PUBLIC_RATE_LIMIT.capacity);
    const api = await fromPhone(t, address, { url: '/api/auth/me' });
    expect(api.statusCode).not.toBe(429);
  });
});

describe('/api/public/forms', () => {
  it('serves the sent forms in the patient’s language with no more than the page needs', async () => {
    const link = await formLink(3, ['Medical History Questionnaire', 'Consent for Treatment'], 'fr');
    const response = await fromPhone(t, newAddress(), { url: `${PUBLIC_API.form}${link.token}` });
    expect(response.statusCode, response.body).toBe(200);
    const page: PublicFormsPage = response.json();
    expect(page).toMatchObject({
      practice: { name: 'Toronto Downtown Dental', phone: '(416) 555-0142', timezone: 'America/Toronto' },
      language: 'fr',
      saved: {},
      expiresAt: link.expiresAt,
    });
    expect(page.forms.map((form) => form.name)).toEqual([
      'Questionnaire sur les antécédents médicaux',
      'Consentement au traitement',
    ]);
    const history = page.forms[0];
    expect(history?.fields.find((field) => field.name === 'conditions')).toMatchObject({
      label: 'Problèmes de santé actuels',
      type: 'textarea',
      required: false,
    });
    expect(history?.fields.find((field) => field.name === 'bloodThinners')).toMatchObject({
      options: ['Yes', 'No'],
      optionLabels: ['Oui', 'Non'],
    });
    await expectOnlyFirstName(response.body, patient(3));

    const english = await formLink(3, ['Medical History Questionnaire']);
    const englishPage: PublicFormsPage = (
      await fromPhone(t, newAddress(), { url: `${PUBLIC_API.form}${english.token}` })
    ).json();
    expect(englishPage.forms[0]?.name).toBe('Medical History Questionnaire');
  });

  it('saves a draft, keeps the link open, then takes the submission once and completes the sends', async () => {
    const link = await formLink(4, ['Medical History Questionnaire', 'Consent for Treatment']);
    const history = String(link.ids['Medical History Questionnaire']);
    const consent = String(link.ids['Consent for Treatment']);
    const address = newAddress();
    const url = `${PUBLIC_API.form}${link.token}`;

    const draft = await fromPhone(t, address, {
      method: 'POST',
      url,
      body: { draft: true, answers: { [history]: { conditions: 'Gilbert syndrome', unknownField: 'x' } } },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toEqual({ status: 'draft' });
    const reopened: PublicFormsPage = (await fromPhone(t, address, { url })).json();
    expect(reopened.saved).toEqual({ [history]: { conditions: 'Gilbert syndrome' } });

    const missing = await fromPhone(t, address, {
      method: 'POST',
      url,
      body: { answers: { [history]: { conditions: 'Gilbert syndrome', bloodThinners: 'No', pregnant: 'No' } } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: `answers.${history}.premedication`, code: 'FIELD_REQUIRED' });

    const answers = {
      [history]: { conditions: 'Gilbert syndrome', bloodThinners: 'No', pregnant: 'No', premedication: 'No' },
      [consent]: { treatment: 'Crown', risksExplained: true, questionsAnswered: true, signedOn: '2026-11-22' },
    };
    const unsigned = await fromPhone(t, address, { method: 'POST', url, body: { answers } });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ field: 'signature' });

    const badOption = await fromPhone(t, address, {
      method: 'POST',
      url,
      body: { answers: { ...answers, [history]: { ...answers[history], pregnant: 'Maybe' } }, signature: SIGNATURE },
    });
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json()).toMatchObject({ field: `answers.${history}.pregnant` });

    const submitted = await fromPhone(t, address, { method: 'POST', url, body: { answers, signature: SIGNATURE } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toEqual({ status: 'submitted' });

    const again = await fromPhone(t, address, { method: 'POST', url, body: { answers, signature: SIGNATURE } });
    expect(again.statusCode).toBe(410);
    expect((await fromPhone(t, address, { url })).statusCode).toBe(410);

    const sends = await t.db.selectFrom('form_sends').select('status').where('id', 'in', link.sends).execute();
    expect(sends.map((send) => send.status)).toEqual(['completed', 'completed']);
    const stored = await t.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('patient_id', '=', patient(4))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'submitted', signature: SIGNATURE });
    // The record itself is untouched until staff accept it.
    const record = await t.db
      .selectFrom('patients')
      .select('medical_history')
      .where('id', '=', patient(4))
      .executeTakeFirstOrThrow();
    expect(record.medical_history).not.toContain('Gilbert syndrome');
  });

  it('names each field a body gets wrong', async () => {
    const link = await formLink(5, ['COVID-19 Screening']);
    const url = `${PUBLIC_API.form}${link.token}`;
    const address = newAddress();
    const noAnswers = await fromPhone(t, address, { method: 'POST', url, body: {} });
    expect(noAnswers.statusCode).toBe(400);
    expect(noAnswers.json()).toMatchObject({ field: 'answers' });
    const badSignature = await fromPhone(t, address, {
      method: 'POST',
      url,
      body: { answers: {}, signature: 'javascript:alert(1)' },
    });
    expect(badSignature.statusCode).toBe(400);
    expect(badSignature.json()).toMatchObject({ field: 'signature' });
    const badDraft = await fromPhone(t, address, { method: 'POST', url, body: { answers: {}, draft: 'yes' } });
    expect(badDraft.statusCode).toBe(400);
    expect(badDraft.json()).toMatchObject({ field: 'draft' });
  });
});

describe('/api/public/review', () => {
  async function reviewLink(patientIndex: number, time: string) {
    const visit = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({
        patientId: patient(patientIndex),
        appointmentDate: on(MONDAY, time),
        providerId: HYGIENIST.id,
        treatmentRoom: 'Room 4',
      }),
    );
    const survey = await recordSurvey(
      t.db,
      {
        practiceId: 1,
        userId: await userId(t, 'receptionist'),
        now: new Date(TEST_START),
        baseUrl: 'http://localhost',
      },
      {
        patientId: patient(patientIndex),
        appointmentId: visit.id,
        type: 'satisfaction',
        method: 'email',
        treatmentCompleted: true,
        providerName: 'Priya Sharma',
        treatmentDate: MONDAY,
      },
    );
    const link = await issueLink(t, { patientId: patient(patientIndex), purpose: 'review', subject: survey.id });
    return { link, survey };
  }

  it('shows the visit, records a rating once, and tells the practice manager of a low one', async () => {
    const { link, survey } = await reviewLink(6, '09:00');
    const url = `${PUBLIC_API.review}${link.token}`;
    const address = newAddress();
    const page = await fromPhone(t, address, { url });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<PublicReviewPage>().visit).toEqual({ date: MONDAY, provider: 'Priya Sharma' });
    await expectOnlyFirstName(page.body, patient(6));

    const outOfRange = await fromPhone(t, address, { method: 'POST', url, body: { rating: 6 } });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toMatchObject({ field: 'rating' });

    const before = (await notificationsOf(as.admin)).filter((n) => n.type === 'review_low_rating').length;
    const answered = await fromPhone(t, address, { method: 'POST', url, body: { rating: 2, comment: 'Long wait.' } });
    expect(answered.statusCode, answered.body).toBe(200);
    const stored = await t.db
      .selectFrom('survey_sends')
      .selectAll()
      .where('id', '=', survey.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      rating: 2,
      comment: 'Long wait.',
      status: 'completed',
      answered_at: TEST_START.replace('15:00:00', '15:02:00'),
    });
    const low = (await notificationsOf(as.admin)).filter((n) => n.type === 'review_low_rating');
    expect(low).toHaveLength(before + 1);
    expect(low[0]).toMatchObject({ category: 'communication', priority: 'high', link: '/practice-manager' });
    expect(low[0]?.message).toContain('rated their visit 2 out of 5: “Long wait.”');

    expect((await fromPhone(t, address, { method: 'POST', url, body: { rating: 5 } })).statusCode).toBe(410);
  });

  it('tells nobody of a good rating', async () => {
    const { link } = await reviewLink(7, '10:00');
    const before = (await notificationsOf(as.admin)).filter((n) => n.type === 'review_low_rating').length;
    const answered = await fromPhone(t, newAddress(), {
      method: 'POST',
      url: `${PUBLIC_API.review}${link.token}`,
      body: { rating: 3 },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await notificationsOf(as.admin)).filter((n) => n.type === 'review_low_rating')).toHaveLength(before);
  });
});

describe('/api/public/confirm', () => {
  async function confirmLink(patientIndex: number, time: string): Promise<{ token: string; appointment: Appointment }> {
    const appointment = await bookAppointment(
      t,
      as.receptionist,
      anAppointment({
        patientId: patient(patientIndex),
        appointmentDate: on(TUESDAY, time),
        providerId: DOCTOR.id,
        treatmentRoom: 'Room 2',
        duration: 60,
        procedure: 'Crown',
      }),
    );
    const link = await issueLink(t, {
      patientId: patient(patientIndex),
      purpose: 'confirm',
      subject: appointment.id,
      expiresAt: new Date(appointment.appointmentDate),
    });
    return { token: link.token, appointment };
  }

  it('shows the appointment on the practice’s clock and confirms it once', async () => {
    const { token, appointment } = await confirmLink(8, '09:00');
    const url = `${PUBLIC_API.confirm}${token}`;
    const address = newAddress();
    const page = await fromPhone(t, address, { url });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<PublicConfirmPage>().appointment).toEqual({
      date: TUESDAY,
      time: '09:00',
      provider: DOCTOR.name,
      procedure: 'Crown',
    });
    await expectOnlyFirstName(page.body, patient(8));
    expect(page.body).not.toContain('Room 2');

    const bad = await fromPhone(t, address, { method: 'POST', url, body: { response: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'response' });

    const confirmed = await fromPhone(t, address, { method: 'POST', url, body: { response: 'confirm' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'confirmed' });
    expect(await staffView(appointment, TUESDAY)).toMatchObject({ status: 'confirmed' });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', appointment.id).execute();
    expect(audit.map((row) => [row.action, row.user_id])).toEqual(
      expect.arrayContaining([
        ['appointment.status.confirmed', null],
        ['appointment.confirm', null],
      ]),
    );
    expect((await fromPhone(t, address, { method: 'POST', url, body: { response: 'confirm' } })).statusCode).toBe(410);
  });

  it('puts the patient on the waitlist and tells staff when they ask to reschedule', async () => {
    const { token, appointment } = await confirmLink(9, '11:00');
    const before = (await notificationsOf(as.admin)).filter((n) => n.type === 'reschedule_requested').length;
    const answered = await fromPhone(t, newAddress(), {
      method: 'POST',
      url: `${PUBLIC_API.confirm}${token}`,
      body: { response: 'reschedule' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ status: 'reschedule-requested' });
    const waitlist: WaitlistEntry[] = (await t.request({ url: '/api/waitlist', cookie: as.receptionist })).json();
    expect(waitlist.find((entry) => entry.patientId === patient(9))).toMatchObject({
      providerId: DOCTOR.id,
      procedure: 'Crown',
      duration: 60,
      status: 'waiting',
    });
    const told = (await notificationsOf(as.admin)).filter((n) => n.type === 'reschedule_requested');
    expect(told).toHaveLength(before + 1);
    expect(told[0]?.message).toContain('asked to reschedule Crown');
    // The appointment stays until staff move it.
    expect(await staffView(appointment, TUESDAY)).toMatchObject({ status: 'scheduled' });
  });

  it('answers 410 for an appointment cancelled since', async () => {
    const { token, appointment } = await confirmLink(10, '14:00');
    const cancelled = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      cookie: as.receptionist,
      body: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    const address = newAddress();
    expect((await fromPhone(t, address, { url: `${PUBLIC_API.confirm}${token}` })).statusCode).toBe(410);
    const post = await fromPhone(t, address, {
      method: 'POST',
      url: `${PUBLIC_API.confirm}${token}`,
      body: { response: 'confirm' },
    });
    expect(post.statusCode).toBe(410);
  });
});

describe('/api/public/schedule', () => {
  const invitation = (providerId: number | null) => JSON.stringify({ procedure: 'Cleaning', duration: 60, providerId });
  /** Long enough to reach the test week, which lies past the seeded weeks. */
  const expiresAt = new Date(`${WEDNESDAY}T23:00:00Z`);

  it('describes the invitation and offers the day’s free times of the invited provider', async () => {
    const link = await issueLink(t, {
      patientId: patient(11),
      purpose: 'schedule',
      subject: invitation(HYGIENIST.id),
      expiresAt,
    });
    const address = newAddress();
    const page = await fromPhone(t, address, { url: `${PUBLIC_API.schedule}${link.token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<PublicSchedulePage>()).toMatchObject({
      procedure: 'Cleaning',
      duration: 60,
      from: '2026-11-22',
      to: WEDNESDAY,
    });
    await expectOnlyFirstName(page.body, patient(11));

    const day = await fromPhone(t, address, { url: `${PUBLIC_API.schedule}${link.token}?date=${WEDNESDAY}` });
    expect(day.statusCode, day.body).toBe(200);
    const { slots } = day.json<PublicSlots>();
    expect(slots.length).toBeGreaterThan(0);
    expect(new Set(slots.map((slot) => slot.providerId))).toEqual(new Set([HYGIENIST.id]));
    expect(slots[0]).toEqual({ date: WEDNESDAY, time: '08:00', providerId: HYGIENIST.id, provider: HYGIENIST.name });

    const staff = await t.request({
      url: `/api/appointments/available-slots?date=${WEDNESDAY}&duration=60`,
      cookie: as.receptionist,
    });
    const staffTimes = new Set(
      staff
        .json<{ slots: { time: string; providerIds: number[] }[] }>()
        .slots.filter((slot) => slot.providerIds.includes(HYGIENIST.id))
        .map((slot) => slot.time),
    );
    expect(new Set(slots.map((slot) => slot.time))).toEqual(staffTimes);

    const late = await fromPhone(t, address, { url: `${PUBLIC_API.schedule}${link.token}?date=2027-03-01` });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ field: 'date' });
    const notADate = await fromPhone(t, address, { url: `${PUBLIC_API.schedule}${link.token}?date=tomorrow` });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json()).toMatchObject({ field: 'date' });
  });

  it('books a free time online once', async () => {
    const link = await issueLink(t, {
      patientId: patient(12),
      purpose: 'schedule',
      subject: invitation(null),
      expiresAt,
    });
    const url = `${PUBLIC_API.schedule}${link.token}`;
    const address = newAddress();
    const bad = await fromPhone(t, address, {
      method: 'POST',
      url,
      body: { date: WEDNESDAY, time: '9am', providerId: DOCTOR.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'time' });

    const booked = await fromPhone(t, address, {
      method: 'POST',
      url,
      body: { date: WEDNESDAY, time: '13:00', providerId: DOCTOR.id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toEqual({
      appointment: { date: WEDNESDAY, time: '13:00', provider: DOCTOR.name, procedure: 'Cleaning' },
    });
    const stored = await t.db
      .selectFrom('appointments')
      .selectAll()
      .where('patient_id', '=', patient(12))
      .where('source', '=', 'online')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      provider_id: DOCTOR.id,
      duration: 60,
      status: 'scheduled',
      appointment_date: on(WEDNESDAY, '13:00'),
    });
    expect(await staffView({ id: stored[0]?.id ?? '', appointmentDate: '' }, WEDNESDAY)).toMatchObject({
      source: 'online',
    });

    const again = await fromPhone(t, address, {
      method: 'POST',
      url,
      body: { date: WEDNESDAY, time: '15:00', providerId: DOCTOR.id },
    });
    expect(again.statusCode).toBe(410);
  });

  it('refuses a time taken meanwhile kindly, with fresh choices, and keeps the link', async () => {
    const link = await issueLink(t, {
      patientId: patient(13),
      purpose: 'schedule',
      subject: invitation(DOCTOR.id),
      expiresAt,
    });
    const url = `${PUBLIC_API.schedule}${link.token}`;
    const address = newAddress();
    const before = (await fromPhone(t, address, { url: `${url}?date=${WEDNESDAY}` })).json<PublicSlots>().slots;
    expect(before.some((slot) => slot.time === '10:00')).toBe(true);

    // Staff fill every room at 10:00 with the doctor's patients... one booking takes the doctor.
    await bookAppointment(
      t,
      as.receptionist,
      anAppointment({
        patientId: patient(14),
        appointmentDate: on(WEDNESDAY, '10:00'),
        providerId: DOCTOR.id,
        treatmentRoom: 'Room 1',
        duration: 60,
      }),
    );
    const taken = await fromPhone(t, address, {
      method: 'POST',
      url,
      body: { date: WEDNESDAY, time: '10:00', providerId: DOCTOR.id },
    });
    expect(taken.statusCode, taken.body).toBe(409);
    const refusal = taken.json<{ code: string; message: string; slots: PublicSlots['slots'] }>();
    expect(refusal.code).toBe('SCHEDULING_CONFLICT');
    expect(refusal.message).toBe('Sorry, that time was just taken. Please choose another one.');
    expect(refusal.slots.length).toBeGreaterThan(0);
    expect(refusal.slots.some((slot) => slot.time === '10:00')).toBe(false);
    expect(JSON.stringify(refusal)).not.toContain(patient(14));

    const other = refusal.slots[0];
    const booked = await fromPhone(t, address, {
      method: 'POST',
      url,
      body: { date: WEDNESDAY, time: other?.time, providerId: DOCTOR.id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });
});
