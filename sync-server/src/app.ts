import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC_PAGE_PATHS } from '@dental/domain/public/public-token';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import type { AppDeps } from './context.ts';
import { isApiRequest } from './http/api-path.ts';
import { apiNotFound } from './http/error-answers.ts';
import { frameworkErrors, registerErrorHandling, sendAnswer } from './http/hooks/error-handling.ts';
import { registerFailureLog, requestIdFor } from './http/hooks/logging.ts';
import { registerRateLimit } from './http/hooks/rate-limit.ts';
import { registerRequestGuards } from './http/hooks/request-guards.ts';
import { registerSchemaVersion } from './http/hooks/schema-version.ts';
import { registerSecurityHeaders } from './http/hooks/security-headers.ts';
import { RouteRegistry } from './http/route-registry.ts';
import { registerAdminToolRoutes } from './http/routes/admin-tools.ts';
import { registerAppointmentRoutes } from './http/routes/appointments.ts';
import { registerAuditRoutes } from './http/routes/audit.ts';
import { registerAuthRoutes } from './http/routes/auth.ts';
import { registerClinicalChartRoutes } from './http/routes/clinical-charts.ts';
import { registerClinicalNoteRoutes } from './http/routes/clinical-notes.ts';
import { registerClinicalPlanRoutes } from './http/routes/clinical-plans.ts';
import { registerCommunicationRoutes } from './http/routes/communications.ts';
import { registerDocsRoutes } from './http/routes/docs.ts';
import { registerFamilyRoutes } from './http/routes/family.ts';
import { registerFormSubmissionRoutes } from './http/routes/form-submissions.ts';
import { registerFormRoutes } from './http/routes/forms.ts';
import { registerHealthRoute } from './http/routes/health.ts';
import { registerHolidayRoutes } from './http/routes/holidays.ts';
import { registerMaintenanceRoutes } from './http/routes/maintenance.ts';
import { registerNinjaModeRoutes } from './http/routes/ninja-mode.ts';
import { registerNoShowRoutes } from './http/routes/no-show.ts';
import { registerNoShowReportRoutes } from './http/routes/no-show-report.ts';
import { registerNotificationRoutes } from './http/routes/notifications.ts';
import { registerPatientRoutes } from './http/routes/patients.ts';
import { registerPracticeHoursRoutes } from './http/routes/practice-hours.ts';
import { registerPracticeRoutes } from './http/routes/practices.ts';
import { registerPreferenceRoutes } from './http/routes/preferences.ts';
import { registerProviderAbsenceRoutes } from './http/routes/provider-absences.ts';
import { registerPublicRoutes } from './http/routes/public.ts';
import { registerRecallRoutes } from './http/routes/recalls.ts';
import { registerReportRoutes } from './http/routes/reports.ts';
import { registerSecurityRoutes } from './http/routes/security.ts';
import { registerSmsWebhookRoutes } from './http/routes/sms-webhook.ts';
import { registerStaffRoutes } from './http/routes/staff.ts';
import { registerSupportRoutes } from './http/routes/support.ts';
import { registerSurveyRoutes } from './http/routes/surveys.ts';
import { registerSyncRoutes } from './http/routes/sync.ts';
import { registerSyncPushRoute } from './http/routes/sync-push.ts';
import { registerTimezoneRoutes } from './http/routes/timezone.ts';
import { registerWaitlistRoutes } from './http/routes/waitlist.ts';
import { practiceHoursCacheFor } from './services/practice-hours-cache.ts';
import { registerScheduleListeners } from './services/schedule-listeners.ts';

/** The whole server as one instance; tests drive it with inject on a temporary database. */
/** The patients' pages' own HTML, a second input of the web build (web/public-page.html). */
const PUBLIC_PAGE_HTML = 'public-page.html';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { settings } = deps;
  registerScheduleListeners();
  const answerFrameworkError = frameworkErrors(settings);
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
    // The generic reply type of this hook cannot take a status chosen at run time.
    frameworkErrors: (error, request, reply) => answerFrameworkError(error, request, reply as unknown as FastifyReply),
  });
  registerErrorHandling(app);
  registerFailureLog(app);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, settings);
  registerRateLimit(app, deps);
  registerRequestGuards(app);
  registerSchemaVersion(app);

  // Another process changed a practice's hours: this process's copy goes too (all of them after a lost feed).
  deps.changes?.onPracticeHoursChanged((practiceId) => {
    const cache = practiceHoursCacheFor(app, deps.clock);
    if (practiceId === null) cache.clear();
    else cache.invalidate(practiceId);
  });

  const registry = new RouteRegistry();
  registerHealthRoute(app, deps, registry);
  registerAuthRoutes(app, deps, registry);
  registerAuditRoutes(app, deps, registry);
  registerSecurityRoutes(app, deps, registry);
  registerPracticeRoutes(app, deps, registry);
  registerPatientRoutes(app, deps, registry);
  registerStaffRoutes(app, deps, registry);
  registerPracticeHoursRoutes(app, deps, registry);
  registerTimezoneRoutes(app, deps, registry);
  registerHolidayRoutes(app, deps, registry);
  registerPreferenceRoutes(app, deps, registry);
  registerAdminToolRoutes(app, deps, registry);
  registerNotificationRoutes(app, deps, registry);
  registerAppointmentRoutes(app, deps, registry);
  registerMaintenanceRoutes(app, deps, registry);
  registerFamilyRoutes(app, deps, registry);
  registerFormRoutes(app, deps, registry);
  registerNoShowRoutes(app, deps, registry);
  registerNoShowReportRoutes(app, deps, registry);
  registerRecallRoutes(app, deps, registry);
  registerProviderAbsenceRoutes(app, deps, registry);
  registerSurveyRoutes(app, deps, registry);
  registerCommunicationRoutes(app, deps, registry);
  registerSmsWebhookRoutes(app, deps, registry);
  registerClinicalChartRoutes(app, deps, registry);
  registerClinicalNoteRoutes(app, deps, registry);
  registerClinicalPlanRoutes(app, deps, registry);
  registerSupportRoutes(app, deps, registry);
  registerWaitlistRoutes(app, deps, registry);
  registerFormSubmissionRoutes(app, deps, registry);
  registerPublicRoutes(app, deps, registry);
  registerReportRoutes(app, deps, registry);
  registerNinjaModeRoutes(app, deps, registry);
  registerSyncRoutes(app, deps, registry);
  registerSyncPushRoute(app, deps, registry);
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
      return sendAnswer(reply, apiNotFound(request.method, request.url));
    }
    // A patient's link loads the patients' page, which carries none of the staff app; every other client-side
    // route (deep links such as /patients/{id}) loads the app shell.
    const publicPage = Object.values(PUBLIC_PAGE_PATHS).some((prefix) => request.url.startsWith(prefix));
    return reply.type('text/html; charset=utf-8').sendFile(publicPage ? PUBLIC_PAGE_HTML : 'index.html');
  });

  return app;
}
