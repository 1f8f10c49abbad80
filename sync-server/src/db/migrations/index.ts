import type { Migration } from 'kysely';
import * as initial from './0001-initial.ts';
import * as notifications from './0002-notifications.ts';
import * as sync from './0003-sync.ts';
import * as deviceSecret from './0004-device-secret.ts';
import * as patientBirthDateIndex from './0005-patient-birth-date-index.ts';
import * as noShowEvents from './0006-no-show-events.ts';
import * as formSends from './0007-form-sends.ts';
import * as recalls from './0008-recalls.ts';
import * as frontDesk from './0009-front-desk.ts';
import * as recallsSync from './0010-recalls-sync.ts';
import * as familyFormsSync from './0011-family-forms-sync.ts';
import * as hardening from './0012-hardening.ts';
import * as practiceIsolation from './0013-practice-isolation.ts';
import * as sharedCounters from './0014-shared-counters.ts';
import * as userLanguage from './0015-user-language.ts';
import * as clinical from './0016-clinical.ts';
import * as assistant from './0017-assistant.ts';
import * as waitlist from './0018-waitlist.ts';
import * as recallWork from './0019-recall-work.ts';
import * as kpiIndexes from './0020-kpi-indexes.ts';
import * as notificationsSupport from './0021-notifications-support.ts';
import * as publicTokens from './0022-public-tokens.ts';
import * as formSubmissions from './0023-form-submissions.ts';
import * as delivery from './0024-delivery.ts';
import * as practiceHolidays from './0025-practice-holidays.ts';
import * as auditChain from './0026-audit-chain.ts';
import * as settings from './0027-settings.ts';
import * as preferences from './0028-preferences.ts';

/** Applied in key order; keys never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-notifications': notifications,
  '0003-sync': sync,
  '0004-device-secret': deviceSecret,
  '0005-patient-birth-date-index': patientBirthDateIndex,
  '0006-no-show-events': noShowEvents,
  '0007-form-sends': formSends,
  '0008-recalls': recalls,
  '0009-front-desk': frontDesk,
  '0010-recalls-sync': recallsSync,
  '0011-family-forms-sync': familyFormsSync,
  '0012-hardening': hardening,
  '0013-practice-isolation': practiceIsolation,
  '0014-shared-counters': sharedCounters,
  '0015-user-language': userLanguage,
  '0016-clinical': clinical,
  '0017-assistant': assistant,
  '0018-waitlist': waitlist,
  '0019-recall-work': recallWork,
  '0020-kpi-indexes': kpiIndexes,
  '0021-notifications-support': notificationsSupport,
  '0022-public-tokens': publicTokens,
  '0023-form-submissions': formSubmissions,
  '0024-delivery': delivery,
  '0025-practice-holidays': practiceHolidays,
  '0026-audit-chain': auditChain,
  '0027-settings': settings,
  '0028-preferences': preferences,
};
