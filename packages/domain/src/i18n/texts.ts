import { GUIDE_TEXTS } from '../assistant/guides.ts';
import { PLAN_TEXTS } from '../assistant/plan-texts.ts';
import { ASSISTANT_TEXTS } from '../assistant/texts.ts';
import { CLINICAL_TEXTS } from '../clinical/texts.ts';
import { EVENT_NOTIFICATION_TEXTS } from '../communications/event-notifications.ts';
import { NOTIFICATION_TEXTS } from '../communications/notification.schema.ts';
import { TEMPLATE_TEXTS } from '../communications/templates.ts';
import { ERROR_CODE_TEXTS } from '../error-codes.ts';
import { REQUEST_INVALID } from '../errors.ts';
import { ACCOUNT_LOCKED, ID_TAKEN, MESSAGE_TEXTS, SIGN_IN_WAIT_TEXTS } from '../messages.ts';
import { DUPLICATE_PATIENT_TEXTS } from '../patients/duplicates.ts';
import { EXPORT_COLUMN_TEXTS } from '../patients/export.ts';
import { RELATIONSHIP_TEXTS } from '../patients/family.ts';
import { FORM_TEXTS } from '../patients/forms.ts';
import { PATIENT_TEXTS } from '../patients/patient.schema.ts';
import { RESTRICTED_FIELD } from '../patients/patient-permissions.ts';
import { POSTAL_CODE_TEXTS } from '../patients/postal-code.ts';
import { RECALL_PRIORITY_TEXTS } from '../patients/recall.schema.ts';
import { PERMISSION_TEXTS } from '../permissions/catalogue.ts';
import { HOURS_TEXTS } from '../practices/hours.ts';
import { FORM_SUBMISSION_TEXTS } from '../public/form-submission.ts';
import { PATIENT_RESPONSE_TEXTS } from '../public/patient-responses.ts';
import { PUBLIC_FIELD_TEXTS } from '../public/public-api.ts';
import { PUBLIC_TOKEN_TEXTS } from '../public/public-token.ts';
import { RANK_REASON_TEXTS, RECALL_TEXTS } from '../recalls/texts.ts';
import { KPI_QUERY_TEXTS } from '../reports/kpis.ts';
import { ABSENCE_I18N, ABSENCE_REASON_TEXTS } from '../scheduling/absence.schema.ts';
import { ANALYSIS_TEXTS, SPOKEN_DURATION_TEXTS } from '../scheduling/analysis.ts';
import { APPOINTMENT_TEXTS } from '../scheduling/appointment.schema.ts';
import { APPOINTMENT_FIELD_TEXTS } from '../scheduling/appointment-fields.ts';
import { SLOT_QUERY_TEXTS } from '../scheduling/appointment-queries.schema.ts';
import { BOOKING_RULE_TEXTS } from '../scheduling/booking-rules.ts';
import { CHECK_IN_I18N } from '../scheduling/check-in.ts';
import { CHECK_OUT_I18N, CHECK_OUT_STEP_TEXTS } from '../scheduling/check-out.ts';
import { CONFLICT_TEXTS } from '../scheduling/conflicts.ts';
import { PAYMENT_METHOD_TEXTS, SURVEY_METHOD_TEXTS, WAITING_AREA_TEXTS } from '../scheduling/front-desk-labels.ts';
import { MAINTENANCE_I18N } from '../scheduling/maintenance.schema.ts';
import { SUGGESTION_TEXTS } from '../scheduling/move-plans.ts';
import { NO_SHOW_REPORT_TEXTS } from '../scheduling/no-show-report.ts';
import { NO_SHOW_RISK_TEXTS } from '../scheduling/no-show-risk.ts';
import { RESCHEDULE_PLAN_TEXTS } from '../scheduling/reschedule-plan.ts';
import { APPOINTMENT_STATUS_TEXTS, TRANSITION_REFUSAL } from '../scheduling/status-transitions.ts';
import { SETTINGS_TEXTS } from '../settings/admin.ts';
import { FEE_CSV_TEXTS } from '../settings/fee-csv.ts';
import { PROTOCOL_TEXTS } from '../sync/protocol.ts';
import { SYNCED_TABLE_TEXTS } from '../sync/table-labels.ts';
import { ZONE_TEXTS } from '../time/canadian-zones.ts';
import { APPOINTMENT_TIME_TEXTS } from '../time/parse-appointment-time.ts';
import { FIELD_TEXTS } from '../validation/fields.ts';
import { WAITLIST_TEXTS } from '../waitlist/entry.ts';
import { LANGUAGE_INVALID } from './language.ts';
import type { Text } from './text.ts';

/** Each module's group of texts, by the module's name, so a test or a tool can tell where a text lives. */
export const DOMAIN_TEXT_GROUPS: Readonly<Record<string, readonly Text[]>> = {
  messages: [...Object.values(MESSAGE_TEXTS), ACCOUNT_LOCKED, ID_TAKEN, ...Object.values(SIGN_IN_WAIT_TEXTS)],
  errors: [REQUEST_INVALID, ...Object.values(ERROR_CODE_TEXTS)],
  notifications: [...Object.values(NOTIFICATION_TEXTS), ...Object.values(EVENT_NOTIFICATION_TEXTS)],
  templates: Object.values(TEMPLATE_TEXTS),
  language: [LANGUAGE_INVALID],
  validation: Object.values(FIELD_TEXTS),
  appointmentFields: Object.values(APPOINTMENT_FIELD_TEXTS),
  appointment: [...Object.values(APPOINTMENT_TEXTS), TRANSITION_REFUSAL, ...Object.values(APPOINTMENT_STATUS_TEXTS)],
  slotQuery: Object.values(SLOT_QUERY_TEXTS),
  kpiQuery: Object.values(KPI_QUERY_TEXTS),
  bookingRules: Object.values(BOOKING_RULE_TEXTS),
  hours: Object.values(HOURS_TEXTS),
  conflicts: Object.values(CONFLICT_TEXTS),
  analysis: [...Object.values(ANALYSIS_TEXTS), ...Object.values(SPOKEN_DURATION_TEXTS)],
  suggestions: Object.values(SUGGESTION_TEXTS),
  reschedulePlans: Object.values(RESCHEDULE_PLAN_TEXTS),
  checkIn: Object.values(CHECK_IN_I18N),
  checkOut: [...Object.values(CHECK_OUT_I18N), ...CHECK_OUT_STEP_TEXTS],
  frontDesk: [
    ...Object.values(WAITING_AREA_TEXTS),
    ...Object.values(PAYMENT_METHOD_TEXTS),
    ...Object.values(SURVEY_METHOD_TEXTS),
  ],
  absence: [...Object.values(ABSENCE_I18N), ...Object.values(ABSENCE_REASON_TEXTS)],
  maintenance: Object.values(MAINTENANCE_I18N),
  noShowRisk: [...Object.values(NO_SHOW_RISK_TEXTS), ...Object.values(NO_SHOW_REPORT_TEXTS)],
  patients: [
    ...Object.values(PATIENT_TEXTS),
    ...Object.values(POSTAL_CODE_TEXTS),
    ...Object.values(DUPLICATE_PATIENT_TEXTS),
    ...Object.values(FORM_TEXTS),
    RESTRICTED_FIELD,
    ...Object.values(EXPORT_COLUMN_TEXTS),
    ...Object.values(RELATIONSHIP_TEXTS),
    ...Object.values(RECALL_PRIORITY_TEXTS),
  ],
  recalls: [...Object.values(RANK_REASON_TEXTS), ...Object.values(RECALL_TEXTS)],
  permissions: PERMISSION_TEXTS,
  clinical: CLINICAL_TEXTS,
  assistant: [...ASSISTANT_TEXTS, ...Object.values(PLAN_TEXTS)],
  guides: GUIDE_TEXTS,
  sync: [...Object.values(PROTOCOL_TEXTS), ...Object.values(SYNCED_TABLE_TEXTS)],
  time: [...Object.values(APPOINTMENT_TIME_TEXTS), ...Object.values(ZONE_TEXTS)],
  waitlist: Object.values(WAITLIST_TEXTS),
  settings: [...Object.values(SETTINGS_TEXTS), ...Object.values(FEE_CSV_TEXTS)],
  public: [
    ...Object.values(PUBLIC_TOKEN_TEXTS),
    ...Object.values(PUBLIC_FIELD_TEXTS),
    ...Object.values(PATIENT_RESPONSE_TEXTS),
    ...Object.values(FORM_SUBMISSION_TEXTS),
  ],
};

/**
 * Every text the domain shows people, for the web app to translate what the server or the domain said
 * in English. Each module that speaks adds its texts here.
 */
export const DOMAIN_TEXTS: readonly Text[] = Object.values(DOMAIN_TEXT_GROUPS).flat();
