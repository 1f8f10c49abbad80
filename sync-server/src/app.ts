import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import type { AppDeps } from './context.ts';
import { isApiRequest } from './plugins/api-path.ts';
import { apiNotFound, frameworkErrorAnswer, registerErrorHandling } from './plugins/errors.ts';
import { registerFailureLog, requestIdFor } from './plugins/logging.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerRequestGuards } from './plugins/request-guards.ts';
import { RouteRegistry } from './plugins/route.ts';
import { registerSchemaVersion } from './plugins/schema-version.ts';
import { applySecurityHeaders } from './plugins/security-headers.ts';
import { registerAppointmentRoutes } from './routes/appointments.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerCommunicationRoutes } from './routes/communications.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerFamilyRoutes } from './routes/family.ts';
import { registerFormRoutes } from './routes/forms.ts';
import { registerHealthRoute } from './routes/health.ts';
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

/** The whole server as one instance; tests drive it with inject on a temporary database. */
const BATCH_MEMBER_HEADER = 'x-batch-member';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { settings } = deps;
  // Known only inside this process: a client cannot mark its own requests as batch members.
  const batchMemberToken = randomBytes(24).toString('hex');
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // The failure log writes one line per 5xx; a line per request would also carry search terms.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => requestIdFor(settings.trustProxy !== false, request.headers['x-request-id']),
    bodyLimit: settings.bodyLimitBytes,
    trustProxy:
      typeof settings.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (settings.trustProxy as number)
        : settings.trustProxy,
    return503OnClosing: true,
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply, settings);
      const known = frameworkErrorAnswer(error) ?? {
        status: 400,
        body: { error: 'Bad Request', message: 'The request could not be processed.' },
      };
      // The generic reply type of this hook cannot take a status chosen at run time.
      return (reply as unknown as FastifyReply).code(known.status).send(known.body);
    },
  });
  registerErrorHandling(app);
  registerFailureLog(app);

  await app.register(fastifyCookie);
  app.addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request, reply, settings);
    return payload;
  });
  registerRateLimit(app, deps, {
    isBatchMember: (request) => request.headers[BATCH_MEMBER_HEADER] === batchMemberToken,
  });
  registerRequestGuards(app);
  registerSchemaVersion(app);

  const registry = new RouteRegistry();
  registerHealthRoute(app, deps, registry);
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
  await registerDocsRoutes(app, deps, registry);

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
    if (isApiRequest(request) || !serveWeb || request.method !== 'GET') {
      return reply.code(404).send(apiNotFound(request.method, request.url));
    }
    // Client-side routes (deep links such as /patients/{id}) all load the app shell.
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });

  return app;
}
