import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@dental/domain/messages';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppDeps } from './context.ts';
import { apiNotFound, registerErrorHandling } from './plugins/errors.ts';
import { RouteRegistry } from './plugins/route.ts';
import { registerSchemaVersion } from './plugins/schema-version.ts';
import { registerAppointmentRoutes } from './routes/appointments.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerCommunicationRoutes } from './routes/communications.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerFamilyRoutes } from './routes/family.ts';
import { registerFormRoutes } from './routes/forms.ts';
import { registerMaintenanceRoutes } from './routes/maintenance.ts';
import { registerNoShowRoutes } from './routes/no-show.ts';
import { registerNotificationRoutes } from './routes/notifications.ts';
import { registerPatientRoutes } from './routes/patients.ts';
import { registerPracticeHoursRoutes } from './routes/practice-hours.ts';
import { registerPracticeRoutes } from './routes/practices.ts';
import { registerProviderAbsenceRoutes } from './routes/provider-absences.ts';
import { registerRecallRoutes } from './routes/recalls.ts';
import { registerStaffRoutes } from './routes/staff.ts';
import { registerSurveyRoutes } from './routes/surveys.ts';
import { registerSyncRoutes } from './routes/sync.ts';
import { registerSyncPushRoute } from './routes/sync-push.ts';
import { registerTimezoneRoutes } from './routes/timezone.ts';
import { SESSION_COOKIE } from './services/sessions.ts';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};

/** The whole server as one instance; tests drive it with inject on a temporary database. */
const BATCH_MEMBER_HEADER = 'x-batch-member';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Known only inside this process: a client cannot mark its own requests as batch members.
  const batchMemberToken = randomBytes(24).toString('hex');
  const app = Fastify({
    logger: deps.logger
      ? { level: 'info', redact: ['req.headers.cookie', 'req.body.password', 'req.body.newPassword'] }
      : false,
    bodyLimit: deps.settings.bodyLimitBytes,
    trustProxy: false,
    return503OnClosing: true,
  });
  registerErrorHandling(app);

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: true,
    max: deps.settings.rateLimitMax,
    timeWindow: deps.settings.rateLimitWindowMs,
    // A signed-in browser is one client even behind a shared clinic address; others count by address.
    keyGenerator: (request) => {
      const token = request.cookies[SESSION_COOKIE];
      return token ? `session:${token}` : `ip:${request.ip}`;
    },
    // Actions replayed inside one batch push were already counted as that one request.
    allowList: (request) =>
      !request.url.startsWith('/api/') || request.headers[BATCH_MEMBER_HEADER] === batchMemberToken,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: MESSAGES.rateLimited,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
  registerSchemaVersion(app);

  const registry = new RouteRegistry();
  registerAuthRoutes(app, deps, registry);
  registerPracticeRoutes(app, deps, registry);
  registerPatientRoutes(app, deps, registry);
  registerStaffRoutes(app, deps, registry);
  registerPracticeHoursRoutes(app, deps, registry);
  registerTimezoneRoutes(app, deps, registry);
  registerNotificationRoutes(app, deps, registry);
  registerAppointmentRoutes(app, deps, registry);
  registerMaintenanceRoutes(app, deps, registry);
  registerFamilyRoutes(app, deps, registry);
  registerFormRoutes(app, deps, registry);
  registerNoShowRoutes(app, deps, registry);
  registerRecallRoutes(app, deps, registry);
  registerProviderAbsenceRoutes(app, deps, registry);
  registerSurveyRoutes(app, deps, registry);
  registerCommunicationRoutes(app, deps, registry);
  registerSyncRoutes(app, deps, registry);
  registerSyncPushRoute(app, deps, registry, { header: BATCH_MEMBER_HEADER, token: batchMemberToken });
  await registerDocsRoutes(app, registry);

  const webDist = deps.settings.webDistDir;
  const serveWeb = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // Hashed bundles never change; the shell and the service worker must be revalidated to see updates.
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !serveWeb || request.method !== 'GET') {
      return reply.code(404).send(apiNotFound(request.method, request.url));
    }
    // Client-side routes (deep links such as /patients/{id}) all load the app shell.
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });

  return app;
}
