import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type {
  PublicConfirmPage,
  PublicFormsPage,
  PublicReviewPage,
  PublicSchedulePage,
  PublicSlot,
} from '@dental/domain/public/public-api';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A11Y_SIZES, axeEverywhere, axeReport } from './axe.ts';
import { ACTION_TIMEOUT_MS, baseURL, launchBrowser, NAVIGATION_TIMEOUT_MS, newContext } from './browser.ts';

// The patients' pages as a phone shows them. The public API is another part of issue 20, so every call to
// /api/public/** is answered here (page.route) with the contract's shapes; the page itself comes from the
// built server, as a patient's link would load it. Dates are fixed strings: nothing depends on today.

const SHOTS = resolve(import.meta.dirname, '../../screenshots/issue-20');
const PHONE = { width: 390, height: 844 };
const TOKEN = 'AbCdEfGhIjKlMnOpQrSt_-';
/**
 * The page's JavaScript, uncompressed, measured at 366 KB (123 KB gzipped; the staff app's first load is
 * 939 KB, 310 KB gzipped). The bound leaves room for small changes, not for the staff app.
 */
const MAX_SCRIPT_BYTES = 430_000;

type Language = 'en' | 'fr';

const practice = { name: 'Maple Dental Centre', phone: '(613) 555-0142', timezone: 'America/Toronto' };
const common = (language: Language) => ({
  practice,
  patientFirstName: 'Amélie',
  language,
  expiresAt: '2030-01-15T12:00:00.000Z',
});

const formsPage = (language: Language): PublicFormsPage => ({
  ...common(language),
  forms: [
    {
      id: 11,
      name: language === 'fr' ? 'Questionnaire médical' : 'Medical History Questionnaire',
      fields: [
        { name: 'allergies', label: language === 'fr' ? 'Allergies' : 'Allergies', type: 'textarea', required: false },
        {
          name: 'bloodThinners',
          label: language === 'fr' ? 'Prenez-vous des anticoagulants?' : 'Do you take blood thinners?',
          type: 'select',
          required: true,
          options: ['Yes', 'No'],
          optionLabels: language === 'fr' ? ['Oui', 'Non'] : ['Yes', 'No'],
        },
        {
          name: 'physician',
          label: language === 'fr' ? 'Médecin de famille' : 'Family physician',
          type: 'text',
          required: false,
        },
      ],
    },
    {
      id: 12,
      name: language === 'fr' ? 'Consentement aux soins' : 'Consent for Treatment',
      fields: [
        { name: 'fullName', label: language === 'fr' ? 'Nom complet' : 'Full name', type: 'text', required: true },
        { name: 'email', label: language === 'fr' ? 'Courriel' : 'Email', type: 'email', required: false },
        { name: 'phone', label: language === 'fr' ? 'Téléphone' : 'Phone', type: 'tel', required: false },
        { name: 'signedOn', label: 'Date', type: 'date', required: true },
        {
          name: 'risksExplained',
          label: language === 'fr' ? 'Les risques m’ont été expliqués' : 'The risks were explained to me',
          type: 'checkbox',
          required: true,
        },
        { name: 'signature', label: 'Signature', type: 'signature', required: true },
      ],
    },
  ],
  saved: { '11': { allergies: 'Latex' } },
});

const reviewPage = (language: Language): PublicReviewPage => ({
  ...common(language),
  visit: { date: '2029-11-20', provider: 'Dr. Sarah Patel' },
});

const confirmPage = (language: Language): PublicConfirmPage => ({
  ...common(language),
  appointment: {
    date: '2029-12-03',
    time: '14:30',
    provider: 'Dr. Sarah Patel',
    procedure: language === 'fr' ? 'Nettoyage' : 'Cleaning',
  },
});

const schedulePage = (language: Language): PublicSchedulePage => ({
  ...common(language),
  procedure: language === 'fr' ? 'Nettoyage' : 'Cleaning',
  duration: 60,
  from: '2029-12-03',
  to: '2029-12-09',
});

const slot = (date: string, time: string): PublicSlot => ({ date, time, providerId: 2, provider: 'Dr. Sarah Patel' });
const SLOTS: Record<string, PublicSlot[]> = {
  '2029-12-03': [slot('2029-12-03', '09:00'), slot('2029-12-03', '10:30'), slot('2029-12-03', '14:00')],
  '2029-12-04': [slot('2029-12-04', '11:00')],
};

/** Words the tests look for, as each language shows them. */
const WORDS = {
  en: {
    send: 'Send my forms',
    required: 'This field is required.',
    tick: 'Please tick this box.',
    saved: 'Your answers are saved.',
    thanks: 'Thank you, Amélie!',
    choose: 'Choose…',
    yes: 'Yes',
    sendReview: 'Send my review',
    chooseRating: 'Please choose a rating.',
    confirm: 'Confirm my appointment',
    reschedule: 'Ask to reschedule',
    confirmed: 'Your appointment is confirmed',
    requested: 'Your request was sent',
    booked: 'You are booked!',
    notValid: 'This link is not valid',
    gone: 'This link has expired or has already been used',
    tooMany: 'Too many attempts, try again in a few minutes.',
    unreachable: 'We could not reach the practice',
    retry: 'Try again',
    nextDay: 'Next day',
    noTimes: 'No free times on this day.',
    longDate: 'Monday, December 3, 2029',
    time: '2:30 PM',
    slot: '10:30 AM',
  },
  fr: {
    send: 'Envoyer mes formulaires',
    required: 'Ce champ est obligatoire.',
    tick: 'Veuillez cocher cette case.',
    saved: 'Vos réponses sont enregistrées.',
    thanks: 'Merci, Amélie!',
    choose: 'Choisir…',
    yes: 'Oui',
    sendReview: 'Envoyer mon avis',
    chooseRating: 'Veuillez choisir une note.',
    confirm: 'Confirmer mon rendez-vous',
    reschedule: 'Demander un autre moment',
    confirmed: 'Votre rendez-vous est confirmé',
    requested: 'Votre demande a été envoyée',
    booked: 'Votre rendez-vous est réservé!',
    notValid: 'Ce lien n’est pas valide',
    gone: 'Ce lien a expiré ou a déjà été utilisé',
    tooMany: 'Trop de tentatives, réessayez dans quelques minutes.',
    unreachable: 'Impossible de joindre la clinique',
    retry: 'Réessayer',
    nextDay: 'Jour suivant',
    noTimes: 'Aucune heure libre ce jour-là.',
    longDate: 'lundi 3 décembre 2029',
    time: '14 h 30',
    slot: '10 h 30',
  },
} as const;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A phone with the patient's language set in its browser (what the error pages, which know no patient, follow). */
async function phone(language: Language, viewport = PHONE, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    colorScheme,
    locale: language === 'fr' ? 'fr-CA' : 'en-CA',
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  contexts.push(context);
  return context.newPage();
}

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Answers /api/public/** with `answer`; every call is kept for the test to read. */
async function mockApi(
  page: Page,
  answer: (call: Call) => { status: number; body?: unknown } | 'abort',
): Promise<Call[]> {
  const calls: Call[] = [];
  await page.route('**/api/public/**', async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const raw = request.postData();
    const call = {
      method: request.method(),
      path: url.pathname,
      query: url.searchParams,
      body: raw ? JSON.parse(raw) : null,
    };
    calls.push(call);
    const reply = answer(call);
    if (reply === 'abort') return route.abort('internetdisconnected');
    await route.fulfill({
      status: reply.status,
      contentType: 'application/json',
      body: JSON.stringify(reply.body ?? {}),
    });
  });
  return calls;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** No serious or critical axe violation on the page as it is now, with every rule. */
async function accessible(page: Page): Promise<void> {
  expect(await axeReport(page, page.url())).toEqual([]);
}

describe.each(['en', 'fr'] as const)('the patients’ pages in %s', (language) => {
  const w = WORDS[language];
  const lang = language === 'fr' ? 'fr-CA' : 'en-CA';

  it('form: restores saved answers, refuses missing ones inline, saves drafts, keeps them over a reload, submits with a signature', async () => {
    const page = await phone(language);
    const calls = await mockApi(page, (call) =>
      call.method === 'GET' ? { status: 200, body: formsPage(language) } : { status: 200, body: { status: 'ok' } },
    );
    await page.goto(`/form/${TOKEN}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    expect(await page.getByRole('textbox', { name: 'Allergies' }).inputValue()).toBe('Latex');
    await accessible(page);
    await shot(page, `form-${language}`);

    await page.getByRole('button', { name: w.send }).click();
    await page.getByText(w.required).first().waitFor();
    await page.getByText(w.tick).waitFor();
    expect(await page.getByTestId('problems').isVisible()).toBe(true);
    // Nothing was sent while answers are missing: only the page was read.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await accessible(page);
    await shot(page, `form-missing-${language}`);

    const bloodThinners = page.getByRole('combobox');
    await bloodThinners.selectOption({ label: w.yes });
    await page
      .getByRole('textbox', { name: language === 'fr' ? 'Nom complet' : 'Full name', exact: true })
      .fill('Amélie Tremblay');
    await page.getByRole('textbox', { name: language === 'fr' ? 'Courriel' : 'Email', exact: true }).fill('amelie@');
    await page.locator('input[type=date]').fill('2029-11-30');
    await expect
      .poll(() => calls.some((call) => call.method === 'POST' && (call.body as { draft?: boolean }).draft))
      .toBe(true);
    await page.getByText(w.saved).waitFor();
    const draft = calls.find((call) => call.method === 'POST')?.body as {
      answers: Record<string, Record<string, unknown>>;
    };
    expect(draft.answers['11']).toMatchObject({ allergies: 'Latex', bloodThinners: 'Yes' });

    // A reload keeps what this phone typed, even what the server's draft does not have yet.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(
      await page
        .getByRole('textbox', { name: language === 'fr' ? 'Nom complet' : 'Full name', exact: true })
        .inputValue(),
    ).toBe('Amélie Tremblay');
    expect(await page.getByRole('combobox').inputValue()).toBe('Yes');

    // The malformed email is refused inline; then fixed, with the box ticked and the signature drawn, it goes.
    await page.getByRole('button', { name: w.send }).click();
    await page
      .getByText(language === 'fr' ? 'Entrez une adresse courriel valide' : 'Enter a valid email address')
      .waitFor();
    await page
      .getByRole('textbox', { name: language === 'fr' ? 'Courriel' : 'Email', exact: true })
      .fill('amelie@example.ca');
    await page.getByRole('checkbox').check();
    const pad = page.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(box.x + 30 + step * 22, box.y + box.height * (0.6 + 0.25 * Math.sin(step)));
    }
    await page.mouse.up();
    await shot(page, `form-signed-${language}`);
    await page.getByRole('button', { name: w.send }).click();
    await page.getByText(w.thanks).waitFor();
    const submitted = calls.filter((call) => call.method === 'POST').at(-1)?.body as {
      answers: Record<string, Record<string, unknown>>;
      signature?: string;
      draft?: boolean;
    };
    expect(submitted.draft).toBeUndefined();
    expect(submitted.signature).toMatch(/^data:image\/png;base64,/);
    expect(submitted.answers).toEqual({
      '11': { allergies: 'Latex', bloodThinners: 'Yes' },
      '12': { fullName: 'Amélie Tremblay', email: 'amelie@example.ca', signedOn: '2029-11-30', risksExplained: true },
    });
    expect(await page.evaluate((token) => localStorage.getItem(`dental.public-form.${token}`), TOKEN)).toBeNull();
    await accessible(page);
    await shot(page, `form-thanks-${language}`);
  });

  it('review: a rating is needed, then rating and comment are sent', async () => {
    const page = await phone(language);
    const calls = await mockApi(page, (call) =>
      call.method === 'GET' ? { status: 200, body: reviewPage(language) } : { status: 200, body: { status: 'ok' } },
    );
    await page.goto(`/patient-review/${TOKEN}`);
    await page.getByRole('radiogroup').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await page.getByRole('button', { name: w.sendReview }).click();
    await page.getByText(w.chooseRating).waitFor();
    await accessible(page);
    await shot(page, `review-${language}`);
    await page.getByTestId('rating-4').click();
    expect(await page.getByRole('radio', { checked: true }).getAttribute('data-testid')).toBe('rating-4');
    await shot(page, `review-rated-${language}`);
    await page.getByRole('textbox').fill('Very gentle, thank you.');
    await page.getByRole('button', { name: w.sendReview }).click();
    await page.getByTestId('done').waitFor();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { rating: 4, comment: 'Very gentle, thank you.' } });
    await accessible(page);
    await shot(page, `review-thanks-${language}`);
  });

  it('confirm: shows the appointment, confirms it, or asks for another time', async () => {
    for (const choice of ['confirm', 'reschedule'] as const) {
      const page = await phone(language);
      const calls = await mockApi(page, (call) =>
        call.method === 'GET'
          ? { status: 200, body: confirmPage(language) }
          : { status: 200, body: { status: choice === 'confirm' ? 'confirmed' : 'reschedule-requested' } },
      );
      await page.goto(`/confirm-appointment/${TOKEN}`);
      const details = page.getByTestId('appointment');
      await details.waitFor();
      for (const text of [w.longDate, w.time, 'Dr. Sarah Patel', practice.name]) {
        expect(await details.textContent()).toContain(text);
      }
      if (choice === 'confirm') {
        await accessible(page);
        await shot(page, `confirm-${language}`);
      }
      await page.getByRole('button', { name: choice === 'confirm' ? w.confirm : w.reschedule }).click();
      await page.getByText(choice === 'confirm' ? w.confirmed : w.requested).waitFor();
      expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { response: choice } });
      await accessible(page);
      await shot(page, `confirm-${choice === 'confirm' ? 'confirmed' : 'reschedule'}-${language}`);
    }
  });

  it('schedule: a day, its free times, a choice, a refusal with new times, a booking', async () => {
    const page = await phone(language);
    let taken = false;
    const calls = await mockApi(page, (call) => {
      if (call.method === 'GET') {
        const date = call.query.get('date');
        return { status: 200, body: date ? { slots: SLOTS[date] ?? [] } : schedulePage(language) };
      }
      const body = call.body as { date: string; time: string };
      if (body.time === '10:30' && !taken) {
        taken = true;
        return {
          status: 409,
          body: {
            error: 'Conflict',
            code: 'SLOT_TAKEN',
            message:
              language === 'fr'
                ? 'Désolé, cette heure vient d’être prise. Voici d’autres choix.'
                : 'Sorry, that time was just taken. Here are other times.',
            slots: [slot('2029-12-03', '14:00'), slot('2029-12-04', '11:00')],
          },
        };
      }
      return {
        status: 201,
        body: {
          appointment: {
            date: body.date,
            time: body.time,
            provider: 'Dr. Sarah Patel',
            procedure: schedulePage(language).procedure,
          },
        },
      };
    });
    await page.goto(`/schedule/${TOKEN}`);
    const slots = page.getByTestId('slots');
    await slots.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    expect(await page.getByLabel(language === 'fr' ? 'Jour' : 'Day', { exact: true }).getAttribute('min')).toBe(
      '2029-12-03',
    );
    expect(await page.getByLabel(language === 'fr' ? 'Jour' : 'Day', { exact: true }).getAttribute('max')).toBe(
      '2029-12-09',
    );
    expect(await slots.getByRole('button').count()).toBe(3);
    await accessible(page);
    await shot(page, `schedule-${language}`);

    // The next day has one time; the day after, none.
    await page.getByRole('button', { name: w.nextDay }).click();
    await expect.poll(() => slots.getByRole('button').count()).toBe(1);
    await page.getByRole('button', { name: w.nextDay }).click();
    await page.getByText(w.noTimes).waitFor();
    expect(calls.filter((call) => call.query.get('date')).map((call) => call.query.get('date'))).toEqual([
      '2029-12-03',
      '2029-12-04',
      '2029-12-05',
    ]);
    await page.getByLabel(language === 'fr' ? 'Jour' : 'Day', { exact: true }).fill('2029-12-03');
    await slots.waitFor();

    const book = page.getByRole('button', { name: language === 'fr' ? 'Réserver cette heure' : 'Book this time' });
    await slots.getByRole('button', { name: new RegExp(w.slot) }).click();
    await book.waitFor();
    await accessible(page);
    await shot(page, `schedule-confirm-${language}`);
    await book.click();
    const refusal = page.getByTestId('send-failure');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(language === 'fr' ? 'Désolé' : 'Sorry, that time was just taken');
    expect(await slots.getByRole('button').count()).toBe(2);
    await accessible(page);
    await shot(page, `schedule-taken-${language}`);

    await slots.getByRole('button').last().click();
    await book.click();
    await page.getByText(w.booked).waitFor();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      body: { date: '2029-12-04', time: '11:00', providerId: 2 },
    });
    await accessible(page);
    await shot(page, `schedule-booked-${language}`);
  });

  it('unknown, expired, rate-limited and unreachable links have their own pages, with no patient data', async () => {
    const cases = [
      { name: 'not-valid', status: 404, text: w.notValid },
      { name: 'expired', status: 410, text: w.gone, body: { practice: { phone: practice.phone } } },
      { name: 'too-many', status: 429, text: w.tooMany },
    ];
    for (const each of cases) {
      const page = await phone(language);
      await mockApi(page, () => ({ status: each.status, body: { code: 'X', message: 'x', ...each.body } }));
      await page.goto(`/confirm-appointment/${TOKEN}`);
      await page.getByText(each.text).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.content()).not.toContain('Amélie');
      if (each.status === 410)
        expect(await page.getByRole('link', { name: practice.phone }).getAttribute('href')).toBe('tel:6135550142');
      await accessible(page);
      await shot(page, `error-${each.name}-${language}`);
    }

    // A token of the wrong shape is not valid without asking the server.
    const malformed = await phone(language);
    const asked = await mockApi(malformed, () => ({ status: 200, body: confirmPage(language) }));
    await malformed.goto('/confirm-appointment/too-short');
    await malformed.getByText(w.notValid).waitFor();
    expect(asked).toEqual([]);

    // No network: a retry, which works once the network is back.
    const page = await phone(language);
    let offline = true;
    await mockApi(page, () => (offline ? 'abort' : { status: 200, body: reviewPage(language) }));
    await page.goto(`/patient-review/${TOKEN}`);
    await page.getByText(w.unreachable).waitFor();
    await accessible(page);
    await shot(page, `error-network-${language}`);
    offline = false;
    await page.getByRole('button', { name: w.retry }).click();
    await page.getByRole('radiogroup').waitFor();
  });
});

describe('the patients’ page as a whole', () => {
  it('loads little JavaScript, none of the staff app, and no service worker', async () => {
    const page = await phone('en');
    await mockApi(page, () => ({ status: 200, body: confirmPage('en') }));
    const scripts: { url: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push({ url: response.url(), bytes: (await response.body()).length });
      }
    });
    await page.goto(`/confirm-appointment/${TOKEN}`, { waitUntil: 'networkidle' });
    await page.getByTestId('appointment').waitFor();
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    console.info(`public page: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB uncompressed`);
    expect(total).toBeGreaterThan(100_000);
    expect(total).toBeLessThan(MAX_SCRIPT_BYTES);
    // The staff entry (index-*.js) and its local database are never loaded.
    expect(scripts.filter((script) => /\/assets\/(index|dexie|local-store)[-.]/.test(script.url))).toEqual([]);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
  });

  it('on a device that runs the staff app, a patient link still opens the patient page, not the staff sign-in', async () => {
    const context = await newContext(browser, PHONE, { serviceWorkers: 'allow' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 90_000 });
    await mockApi(page, () => ({ status: 200, body: confirmPage('en') }));
    await page.goto(`/confirm-appointment/${TOKEN}`);
    await page.getByTestId('appointment').waitFor();
    expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
  });

  it('reads well on a tablet too (1024×768)', async () => {
    const page = await phone('en', { width: 1024, height: 768 });
    await mockApi(page, (call) =>
      call.method === 'GET' ? { status: 200, body: formsPage('en') } : { status: 200, body: {} },
    );
    await page.goto(`/form/${TOKEN}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await accessible(page);
    await shot(page, 'form-en-1024');
  });

  // Issue 22: every page at the staff app's two sizes too, light and dark, with all of axe's rules.
  it('every page at 1024×768 and 1440×900, light and dark: no serious or critical axe violation', async () => {
    const page = await phone('en', A11Y_SIZES[0]);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    let answer: () => { status: number; body?: unknown } = () => ({ status: 200, body: formsPage('en') });
    await mockApi(page, (call) => {
      const date = call.query.get('date');
      return date ? { status: 200, body: { slots: SLOTS[date] ?? [] } } : answer();
    });
    const pages: [string, string, () => { status: number; body?: unknown }, (page: Page) => Promise<void>][] = [
      [
        'form',
        '/form',
        () => ({ status: 200, body: formsPage('en') }),
        (p) => p.getByRole('heading', { level: 1 }).waitFor(),
      ],
      [
        'review',
        '/patient-review',
        () => ({ status: 200, body: reviewPage('en') }),
        (p) => p.getByRole('radiogroup').waitFor(),
      ],
      [
        'confirm',
        '/confirm-appointment',
        () => ({ status: 200, body: confirmPage('en') }),
        (p) => p.getByTestId('appointment').waitFor(),
      ],
      [
        'schedule',
        '/schedule',
        () => ({ status: 200, body: schedulePage('en') }),
        (p) => p.getByTestId('slots').waitFor(),
      ],
      [
        'expired link',
        '/confirm-appointment',
        () => ({ status: 410, body: { code: 'X', message: 'x', practice: { phone: practice.phone } } }),
        (p) => p.getByText(WORDS.en.gone).waitFor(),
      ],
    ];
    const found: string[] = [];
    for (const [name, path, reply, ready] of pages) {
      answer = reply;
      await page.goto(`${path}/${TOKEN}`);
      await ready(page);
      found.push(...(await axeEverywhere(page, name)));
    }
    expect(found).toEqual([]);
  });

  it('follows a dark phone without contrast failures', async () => {
    const page = await phone('en', PHONE, 'dark');
    await mockApi(page, () => ({ status: 200, body: reviewPage('en') }));
    await page.goto(`/patient-review/${TOKEN}`);
    await page.getByRole('radiogroup').waitFor();
    await accessible(page);
    await shot(page, 'review-en-dark');
  });
});
