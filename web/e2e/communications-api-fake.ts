import type { InboundSms, MessageLogEntry, MessageTemplate } from '@dental/domain/communications/delivery';
import { TEMPLATE_KEYS } from '@dental/domain/communications/templates';
import type { FormSubmission } from '@dental/domain/public/form-submission';
import type { Page, Route } from 'playwright-core';

/**
 * The staff communications API (issue 20's contract), answered in the browser while the server side is
 * built elsewhere. Everything the screens send is recorded, so a test can check the requests. To test
 * against the real server, stop calling `fakeCommunicationsApi` and seed the same rows instead.
 */
export interface FakeApi {
  /** Every request the screens made to these endpoints: method, path with query, and JSON body. */
  readonly calls: { method: string; url: URL; body: unknown }[];
  readonly submissions: FormSubmission[];
  /** What a template PUT whose body contains this answers: a 400 naming `body`. */
  readonly refusedWord: string;
}

export const TOTAL_MESSAGES = 120;

function message(index: number, patient: { id: string; name: string }, page: number): MessageLogEntry {
  const statuses = ['failed', 'sent', 'queued', 'bounced'] as const;
  const status = statuses[index % statuses.length] ?? 'sent';
  const sms = index % 2 === 1;
  return {
    id: `msg-${page}-${index}`,
    patientId: patient.id,
    patientName: patient.name,
    appointmentId: null,
    type: index % 3 === 0 ? 'appointment_reminder' : 'general',
    channel: sms ? 'sms' : 'email',
    to: sms ? '4165550142' : 'patient@example.ca',
    subject: sms ? null : 'Your appointment',
    message: `Message ${page}-${index}`,
    status,
    attempts: status === 'failed' ? 5 : 1,
    lastError:
      status === 'failed' ? 'SMTP 421: service not available' : status === 'bounced' ? 'No such mailbox' : null,
    createdAt: new Date(Date.UTC(2026, 10, 20, 15, 0) - (page * 50 + index) * 3_600_000).toISOString(),
    sentAt: status === 'sent' ? new Date(Date.UTC(2026, 10, 20, 15, 1)).toISOString() : null,
    createdBy: 3,
  };
}

function templates(): MessageTemplate[] {
  return TEMPLATE_KEYS.flatMap((key) =>
    (['email', 'sms'] as const).flatMap((channel) =>
      (['en', 'fr'] as const).map((language) => ({
        key,
        channel,
        language,
        subject: channel === 'email' ? (language === 'fr' ? 'Votre rendez-vous' : 'Your appointment') : null,
        body:
          language === 'fr'
            ? 'Bonjour {patientFirstName}, votre rendez-vous à {practiceName} est le {appointmentDate} à {appointmentTime}. {link}'
            : 'Hi {patientFirstName}, your appointment at {practiceName} is on {appointmentDate} at {appointmentTime}. {link}',
        updatedAt: null,
        updatedBy: null,
      })),
    ),
  );
}

function submission(
  id: string,
  patient: { id: string; name: string },
  hoursAgo: number,
  signature: string,
): FormSubmission {
  return {
    id,
    patientId: patient.id,
    patientName: patient.name,
    forms: [
      {
        id: 1,
        name: 'Medical History',
        fields: [
          { name: 'allergies', label: 'Allergies', type: 'textarea', required: false },
          { name: 'smoker', label: 'Do you smoke?', type: 'checkbox', required: false },
          {
            name: 'bleeding',
            label: 'Gums bleed when brushing',
            type: 'select',
            required: false,
            options: ['never', 'often'],
            optionLabels: ['Never', 'Often'],
          },
          { name: 'signature', label: 'Signature', type: 'signature', required: true },
        ],
      },
    ],
    answers: { '1': { allergies: 'Latex', smoker: false, bleeding: 'often' } },
    signature,
    status: 'submitted',
    submittedAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
    reviewedAt: null,
    reviewedBy: null,
    reviewedByName: null,
    reason: null,
  };
}

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** A signature as a patient's page sends it: a PNG drawn on a canvas, with a transparent background. */
function drawSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 120;
    const pen = canvas.getContext('2d');
    if (!pen) return '';
    pen.lineWidth = 3;
    pen.lineCap = 'round';
    pen.strokeStyle = '#1a1b1e';
    pen.beginPath();
    pen.moveTo(20, 80);
    pen.bezierCurveTo(60, 10, 90, 110, 130, 60);
    pen.bezierCurveTo(160, 20, 190, 100, 230, 55);
    pen.bezierCurveTo(260, 30, 300, 90, 340, 50);
    pen.stroke();
    return canvas.toDataURL('image/png');
  });
}

export async function fakeCommunicationsApi(page: Page, patient: { id: string; name: string }): Promise<FakeApi> {
  const signature = await drawSignature(page);
  const api: FakeApi = {
    calls: [],
    submissions: [submission('sub-1', patient, 2, signature), submission('sub-2', patient, 30, signature)],
    refusedWord: 'REFUSED',
  };
  const stored = templates();
  const record = (route: Route) => {
    const request = route.request();
    const body = request.postData();
    api.calls.push({ method: request.method(), url: new URL(request.url()), body: body ? JSON.parse(body) : null });
    return api.calls.at(-1) as FakeApi['calls'][number];
  };

  await page.route('**/api/communications/**', (route) => {
    const call = record(route);
    const path = call.url.pathname;
    if (path === '/api/communications/messages' && call.method === 'GET') {
      const pageNumber = Number(call.url.searchParams.get('page') ?? 1);
      const size = Number(call.url.searchParams.get('pageSize') ?? 50);
      const count = Math.max(0, Math.min(size, TOTAL_MESSAGES - (pageNumber - 1) * size));
      return json(route, {
        // Rows that agree with the filters asked for, so the screenshots read true.
        messages: Array.from({ length: count }, (_, index) => {
          const row = message(index, patient, pageNumber);
          const status = call.url.searchParams.get('status') as MessageLogEntry['status'] | null;
          const channel = call.url.searchParams.get('channel') as MessageLogEntry['channel'] | null;
          return { ...row, ...(status ? { status } : {}), ...(channel ? { channel } : {}) };
        }),
        total: TOTAL_MESSAGES,
      });
    }
    const resend = /^\/api\/communications\/messages\/([^/]+)\/resend$/.exec(path);
    if (resend && call.method === 'POST') {
      return json(route, { ...message(0, patient, 9), id: `resent-${resend[1]}`, status: 'queued', attempts: 0 });
    }
    if (path === '/api/communications/messages' && call.method === 'POST') {
      return json(route, { ...message(0, patient, 9), status: 'queued' }, 201);
    }
    if (path === '/api/communications/confirmation-requests') {
      return json(route, { ...message(0, patient, 9), type: 'confirmation_request', status: 'queued' }, 201);
    }
    if (path === '/api/communications/templates') return json(route, stored);
    const template = /^\/api\/communications\/templates\/(\w+)\/(email|sms)\/(en|fr)$/.exec(path);
    if (template && call.method === 'PUT') {
      const body = call.body as { subject?: string; body: string };
      if (body.body.includes(api.refusedWord)) {
        return json(
          route,
          { code: 'VALIDATION_FAILED', message: 'body must be at most 1000 characters', field: 'body' },
          400,
        );
      }
      const index = stored.findIndex(
        (row) => row.key === template[1] && row.channel === template[2] && row.language === template[3],
      );
      const saved = {
        ...(stored[index] as MessageTemplate),
        ...body,
        updatedAt: new Date().toISOString(),
        updatedBy: 3,
      };
      stored[index] = saved;
      return json(route, saved);
    }
    if (path === '/api/communications/sms/inbound') {
      const replies: InboundSms[] = [
        {
          id: 'in-1',
          from: '4165550142',
          body: 'OUI',
          receivedAt: new Date(Date.now() - 3_600_000).toISOString(),
          patientId: patient.id,
          patientName: patient.name,
          appointmentId: 'a-1',
          action: 'confirmed',
        },
        {
          id: 'in-2',
          from: '6475550199',
          body: 'Can I come at 4 instead?',
          receivedAt: new Date(Date.now() - 7_200_000).toISOString(),
          patientId: null,
          patientName: null,
          appointmentId: null,
          action: 'none',
        },
      ];
      return json(route, { replies, total: replies.length });
    }
    return json(route, { message: `not faked: ${call.method} ${path}` }, 404);
  });

  await page.route('**/api/self-scheduling/invitations', (route) => {
    record(route);
    return json(route, { ...message(0, patient, 9), type: 'schedule_invitation', status: 'queued' }, 201);
  });

  await page.route('**/api/form-submissions**', (route) => {
    const call = record(route);
    const decision = /^\/api\/form-submissions\/([^/]+)\/(accept|reject)$/.exec(call.url.pathname);
    if (decision && call.method === 'POST') {
      const row = api.submissions.find((candidate) => candidate.id === decision[1]);
      if (!row) return json(route, { message: 'Not found' }, 404);
      if (row.status !== 'submitted') return json(route, { message: 'Already decided' }, 409);
      row.status = decision[2] === 'accept' ? 'accepted' : 'rejected';
      row.reason = (call.body as { reason?: string } | null)?.reason ?? null;
      row.reviewedAt = new Date().toISOString();
      return json(route, row);
    }
    const status = call.url.searchParams.get('status');
    const patientId = call.url.searchParams.get('patientId');
    return json(
      route,
      api.submissions.filter(
        (row) => (!status || row.status === status) && (!patientId || row.patientId === patientId),
      ),
    );
  });
  return api;
}
