import { fill, type Text, type TextValues } from '../i18n/text.ts';
import { formatPhone } from '../patients/phone.ts';
import { DEFAULT_TICKET_PRIORITY } from '../support/ticket.ts';
import { localDate, localTime } from '../time/zones.ts';
import type { AssistantData, Intent, SaidText, Slots } from './contract.ts';
import { longDate } from './dates.ts';
import { providerName } from './entities.ts';
import { fullName } from './patients.ts';
import { DEFAULT_PROCEDURE, place, usualDuration } from './plan-schedule.ts';
import { ADAPTATION_TEXTS, PREVIEW_TEXTS, REFUSAL_TEXTS, ROUTE_TEXTS, WORD_TEXTS } from './texts.ts';
import { twelveHour } from './times.ts';

export interface Preview {
  english: string;
  said: SaidText;
  reason?: string;
}

function say(text: Text, values: TextValues = {}): Preview {
  return { english: fill(text, values), said: { id: text.id, message: text.message, values: { ...values } } };
}

const GUIDE_NAMES: Readonly<Record<string, string>> = {
  booking: 'Booking an appointment',
  'move-appointment': 'Moving an appointment',
  'check-in': 'Checking in a patient',
  'check-out': 'Checking out a patient',
  'provider-absence': 'Recording a provider absence',
  maintenance: 'Scheduling room maintenance',
  'new-patient': 'Adding a new patient',
  recalls: 'Recalls',
  offline: 'Working offline',
  charts: 'Clinical charts',
  'switch-practice': 'Switching practice',
  'needs-attention': 'Needs attention',
};

/** The one sentence saying what will happen, or what is still needed. */
export function previewOf(
  intent: Intent,
  slots: Slots,
  missing: readonly string[],
  data: AssistantData,
  refusal?: 'mass' | 'destructive' | 'export',
): Preview {
  const T = PREVIEW_TEXTS;
  const patientName = () => {
    const patient = slots.patientId ? data.patients.find((p) => p.id === slots.patientId) : undefined;
    return patient ? fullName(patient) : (slots.patient ?? '');
  };
  const ambiguous = (): Preview | undefined => {
    if (slots.candidates && !slots.patientId && intent !== 'book_family') {
      return say(T.whichPatient, {
        typed: slots.patient ?? '',
        names: slots.candidates.map((c) => (c.dateOfBirth ? `${c.name} (${c.dateOfBirth})` : c.name)).join(', '),
      });
    }
    if (slots.patient && !slots.patientId && !slots.candidates && !slots.appointmentId) {
      return say(T.noPatient, { typed: slots.patient });
    }
    return undefined;
  };
  const appointment = slots.appointmentId ? data.appointments.find((a) => a.id === slots.appointmentId) : undefined;
  const from = appointment
    ? `${longDate(localDate(appointment.appointmentDate, data.timeZone))} ${twelveHour(localTime(appointment.appointmentDate, data.timeZone))}`
    : '';
  const provider = slots.providerId ? data.providers.find((p) => p.id === slots.providerId) : undefined;
  const periodWord = (period: string | undefined) =>
    period && period in WORD_TEXTS ? WORD_TEXTS[period as keyof typeof WORD_TEXTS].message : '';
  const methodWord = (method: string | undefined) =>
    method === 'email'
      ? WORD_TEXTS.email.message
      : method === 'sms'
        ? WORD_TEXTS.sms.message
        : WORD_TEXTS.usualMethod.message;

  switch (intent) {
    case 'book_appointment': {
      if (missing.includes('patient')) return say(T.bookNeedsPatient);
      const unclear = ambiguous();
      if (unclear) return unclear;
      const patient = patientName();
      if (!slots.date && !slots.time) return say(T.bookNeedsWhen, { patient });
      if (!slots.time) return say(T.bookNeedsTime, { patient, date: longDate(slots.date as string) });
      if (!slots.date) return say(T.bookNeedsDate, { patient, time: twelveHour(slots.time) });
      // Said exactly as it will be booked: the provider, room and length the plan chooses when none were given.
      const procedure = slots.procedure ?? DEFAULT_PROCEDURE;
      const duration = slots.duration ?? usualDuration(data, procedure);
      const spot = place(data, {
        date: slots.date,
        time: slots.time,
        duration,
        procedure,
        ...(slots.providerId === undefined ? {} : { providerId: slots.providerId }),
        ...(slots.room === undefined ? {} : { room: slots.room }),
      });
      const chosen = provider ?? data.providers.find((p) => p.id === spot.providerId);
      const room = spot.room ?? slots.room;
      const values = {
        patient,
        date: longDate(slots.date),
        time: twelveHour(slots.time),
        provider: chosen ? providerName(chosen) : '',
        room: room ?? '',
        procedure,
        duration,
      };
      const text = chosen ? (room ? T.bookWithInFor : T.bookWithFor) : room ? T.bookInFor : T.bookFor;
      return say(text, values);
    }
    case 'book_family': {
      if (missing.includes('patient')) return say(T.bookFamilyNeedsPatient);
      const patient = slots.candidates?.[0]?.name ?? patientName();
      if (!slots.date || !slots.time) return say(T.bookFamilyNeedsWhen, { patient });
      return say(T.bookFamily, {
        patient,
        count: slots.candidates?.length ?? 1,
        date: longDate(slots.date),
        time: twelveHour(slots.time),
      });
    }
    case 'find_patient':
      return slots.query ? say(T.findPatient, { query: slots.query }) : say(T.findPatientNeedsQuery);
    case 'open_patient':
      return missing.includes('patient')
        ? say(T.openPatientNeedsPatient)
        : (ambiguous() ?? say(T.openPatient, { patient: patientName() }));
    case 'open_chart': {
      if (missing.includes('patient')) return say(T.openPatientNeedsPatient);
      const unclear = ambiguous();
      if (unclear) return unclear;
      const section =
        slots.section === 'perio'
          ? T.openChartPerio
          : slots.section === 'notes'
            ? T.openChartNotes
            : slots.section === 'plans'
              ? T.openChartPlans
              : T.openChart;
      return say(section, { patient: patientName() });
    }
    case 'create_patient':
      if (!slots.firstName || !slots.lastName) return say(T.createPatientNeedsName);
      return slots.phone
        ? say(T.createPatientPhone, {
            firstName: slots.firstName,
            lastName: slots.lastName,
            phone: formatPhone(slots.phone),
          })
        : say(T.createPatient, { firstName: slots.firstName, lastName: slots.lastName });
    case 'show_schedule': {
      if (!slots.date && slots.period) {
        const period = periodWord(slots.period);
        return provider
          ? say(T.showScheduleOfPeriod, { provider: providerName(provider), period })
          : say(T.showSchedulePeriod, { period });
      }
      const date = longDate(slots.date ?? localDate(data.now, data.timeZone));
      return provider
        ? say(T.showScheduleOf, { provider: providerName(provider), date })
        : say(T.showSchedule, { date });
    }
    case 'find_slot': {
      const day = slots.date
        ? fill(T.whenOn, { date: longDate(slots.date) })
        : slots.period
          ? periodWord(slots.period)
          : T.whenSoon.message;
      const when = slots.partOfDay
        ? fill(T.whenPartOfDay, { when: day, partOfDay: WORD_TEXTS[slots.partOfDay].message })
        : day;
      const values = { when, provider: provider ? providerName(provider) : '', procedure: slots.procedure ?? '' };
      const text = provider
        ? slots.procedure
          ? T.findSlotWithFor
          : T.findSlotWith
        : slots.procedure
          ? T.findSlotFor
          : T.findSlot;
      return say(text, values);
    }
    case 'move_appointment':
    case 'cancel_appointment':
    case 'check_in':
    case 'mark_no_show': {
      const unclear = ambiguous();
      if (unclear) return unclear;
      if (!appointment) {
        if (!slots.patientId) return say(T.needsPatient);
        const today = intent === 'check_in' || intent === 'mark_no_show';
        return say(today ? T.noAppointmentToday : T.noAppointment, { patient: patientName() });
      }
      const patient = patientName();
      if (intent === 'cancel_appointment') return say(T.cancel, { patient, from });
      if (intent === 'check_in') return say(T.checkIn, { patient, from });
      if (intent === 'mark_no_show') return say(T.noShow, { patient, from });
      if (slots.newDate && slots.newTime) {
        return say(T.move, { patient, from, date: longDate(slots.newDate), time: twelveHour(slots.newTime) });
      }
      if (slots.newDate) return say(T.moveDate, { patient, from, date: longDate(slots.newDate) });
      if (slots.newTime) return say(T.moveTime, { patient, from, time: twelveHour(slots.newTime) });
      return say(T.moveNeedsWhen, { patient });
    }
    case 'provider_absence': {
      if (!provider || !slots.date) return say(T.absenceNeeds);
      const values = { provider: providerName(provider), date: longDate(slots.date) };
      if (slots.endDate) return say(T.absenceRange, { ...values, endDate: longDate(slots.endDate) });
      return slots.start && slots.end
        ? say(T.absenceHours, { ...values, start: twelveHour(slots.start), end: twelveHour(slots.end) })
        : say(T.absence, values);
    }
    case 'schedule_maintenance': {
      if (!slots.room || !slots.date) return say(T.maintenanceNeeds);
      const values = { room: slots.room, date: longDate(slots.date) };
      return slots.start && slots.end
        ? say(T.maintenanceHours, { ...values, start: twelveHour(slots.start), end: twelveHour(slots.end) })
        : say(T.maintenance, values);
    }
    case 'list_recalls':
      return slots.period ? say(T.listRecalls, { period: periodWord(slots.period) }) : say(T.listRecallsAll);
    case 'create_recall': {
      const unclear = ambiguous();
      if (unclear) return unclear;
      if (missing.includes('patient')) return say(T.needsPatient);
      if (!slots.recallType) return say(T.createRecallNeedsType, { patient: patientName() });
      if (slots.interval === undefined) {
        return say(T.createRecallPreset, { recallType: slots.recallType, patient: patientName() });
      }
      return say(T.createRecall, { recallType: slots.recallType, patient: patientName(), interval: slots.interval });
    }
    case 'send_forms':
    case 'send_reminder': {
      const unclear = ambiguous();
      if (unclear) return unclear;
      if (missing.includes('patient')) return say(T.needsPatient);
      const values = { patient: patientName(), method: methodWord(slots.method) };
      if (intent === 'send_forms') return say(T.sendForms, values);
      return appointment ? say(T.sendReminder, { ...values, from }) : say(T.sendReminderNoAppointment, values);
    }
    case 'report':
      return say(T.report, {
        metric: (slots.metric ?? 'appointments').replace(/_/g, ' '),
        period: periodWord(slots.period ?? 'this_month'),
      });
    case 'navigate':
      if (!slots.route) return say(T.navigateNeeds);
      return say(ROUTE_TEXTS[slots.route] ?? T.navigate, { route: slots.route });
    case 'switch_practice':
      return slots.practice ? say(T.switchPractice, { practice: slots.practice }) : say(T.switchPracticeNeeds);
    case 'create_ticket':
      return slots.subject
        ? say(T.ticket, { priority: slots.priority ?? DEFAULT_TICKET_PRIORITY, subject: slots.subject })
        : say(T.ticketNeeds);
    case 'guidance':
      return slots.topic ? say(T.guidance, { topic: GUIDE_NAMES[slots.topic] ?? slots.topic }) : say(T.guidanceNeeds);
    case 'refuse': {
      const reason = REFUSAL_TEXTS[refusal ?? 'destructive'];
      return { ...say(reason), reason: reason.message };
    }
    default:
      return say(T.unknown);
  }
}

/** The generous readings, as the sentences meta.adaptations carries. */
export function adaptationsOf(
  readings: readonly { typed: string; readAs: string }[],
  nickname: { typed: string; readAs: string } | undefined,
): string[] {
  const said = readings.map((reading) => fill(ADAPTATION_TEXTS.readAs, reading));
  if (nickname) said.push(fill(ADAPTATION_TEXTS.nickname, { typed: nickname.typed, name: nickname.readAs }));
  return [...new Set(said)];
}
