import type { Intent, Slots } from '../src/assistant/contract.ts';

/**
 * The assistant's accuracy corpus (issue 18 point 8): commands typed the way front-desk staff type them,
 * each with the intent and the slots the interpreter must give against `anAssistantData()` (now = Thursday
 * 2026-11-26 10:00 America/Toronto). Written from the contract, not from the interpreter.
 *
 * Only the slot keys a case lists are checked. The conventions the expected values follow:
 * - date/newDate `YYYY-MM-DD` on the practice's clock: a weekday name is its next occurrence after today
 *   ('Friday' 2026-11-27, 'Thursday' 2026-12-03); 'next Tuesday' is the first Tuesday after today
 *   (2026-12-01); 'in 2 weeks' is 2026-12-10; 'day after tomorrow' is Saturday 2026-11-28.
 * - time/newTime/start/end `HH:mm`: a bare hour is read inside clinic hours ('at 2' 14:00, 'at 9' 09:00,
 *   'at 8' 08:00), 'noon' 12:00, French '14h' 14:00.
 * - the patient's name as typed is never checked: `patientId` when exactly one patient matches, `candidates`
 *   (patient ids, compared as a sorted list) when several do. A homonym gives candidates even when only one
 *   of them has an appointment ('cancel tremblay appointment'): a write on a guessed person is not offered.
 * - appointmentId for move, cancel, check-in and no-show when the practice has that appointment (a check-in
 *   names today's appointment only).
 * - report `metric`: no_shows, production, appointments, new_patients, recalls, cancellations; `period`:
 *   today, this_week, next_week, last_week, this_month, next_month, last_month, this_year.
 * - provider_absence `reason`: the absence form's values (sick-leave, vacation, emergency,
 *   continuing-education, personal); schedule_maintenance `maintenanceType`: the maintenance form's
 *   (routine, repair, deep-clean, equipment-service, upgrade).
 * - navigate `route`: the app paths of spec 2.2; billing is '/billing-2', the only billing screen there.
 * - create_ticket `subject` only when it is set apart (after a colon), as typed.
 * - refuse and unknown: no slots.
 */
export interface CorpusCase {
  command: string;
  intent: Intent;
  slots: ExpectedSlots;
  note?: string;
}

/** The slots a case checks; candidates are patient ids, compared as a sorted list. */
export type ExpectedSlots = Omit<Slots, 'candidates'> & { candidates?: readonly string[] };

const TREMBLAYS = ['p-marie', 'p-mario'];
const MARTINS = ['p-noah', 'p-olivia', 'p-sophie'];
const COTES = ['p-chloe', 'p-francois'];

export const ASSISTANT_CORPUS: readonly CorpusCase[] = [
  // book_appointment
  {
    command: 'book Maurine Schroeder tomorrow at 2pm for a cleaning',
    intent: 'book_appointment',
    slots: { patientId: 'p-maurine', date: '2026-11-27', time: '14:00', procedure: 'Cleaning' },
  },
  {
    command: 'maurine tmrw 2pm cleaning',
    intent: 'book_appointment',
    slots: { patientId: 'p-maurine', date: '2026-11-27', time: '14:00', procedure: 'Cleaning' },
    note: 'no verb: a patient, a day, a time and a procedure make a booking',
  },
  {
    command: 'book apointment for Elise Gagnon Friday at 11',
    intent: 'book_appointment',
    slots: { patientId: 'p-elise', date: '2026-11-27', time: '11:00' },
  },
  {
    command: 'appt for jean-francois belanger next Tuesday 10:30 w/ Dr. Patel',
    intent: 'book_appointment',
    slots: { patientId: 'p-jf', date: '2026-12-01', time: '10:30', providerId: 11 },
  },
  {
    command: 'schedule Hélène Roy for a filling Dec 3 at 3',
    intent: 'book_appointment',
    slots: { patientId: 'p-helene', date: '2026-12-03', time: '15:00', procedure: 'Filling' },
    note: "'schedule' as a verb is a booking, not the schedule screen",
  },
  {
    command: 'book gaetan levesque root canal w/ dr cote dec 8 9am 90 min',
    intent: 'book_appointment',
    slots: {
      patientId: 'p-gaetan',
      date: '2026-12-08',
      time: '09:00',
      procedure: 'Root Canal',
      providerId: 12,
      duration: 90,
    },
  },
  {
    command: 'book Bob for a cleaning w/ hyg Monday at 10',
    intent: 'book_appointment',
    slots: { patientId: 'p-bob', date: '2026-11-30', time: '10:00', procedure: 'Cleaning', providerId: 13 },
    note: "Bob is Robert Lavoie's preferred name; Nguyen is the only hygienist",
  },
  {
    command: "new appt Kathy O'Brien check-up in 2 weeks at 11",
    intent: 'book_appointment',
    slots: { patientId: 'p-kathy', date: '2026-12-10', time: '11:00', procedure: 'Check-up' },
  },
  {
    command: 'book Tremblay tomorrow at 3 for a consult',
    intent: 'book_appointment',
    slots: { candidates: TREMBLAYS, date: '2026-11-27', time: '15:00', procedure: 'Consultation' },
  },
  {
    command: 'réserver Élise Gagnon demain à 14h',
    intent: 'book_appointment',
    slots: { patientId: 'p-elise', date: '2026-11-27', time: '14:00' },
  },
  {
    command: 'bk amelie pelletier x-ray this friday noon',
    intent: 'book_appointment',
    slots: { patientId: 'p-amelie', date: '2026-11-27', time: '12:00', procedure: 'X-ray' },
  },
  {
    command: 'book an appointment for Wei Li on the day after tomorrow at 10 in room 4',
    intent: 'book_appointment',
    slots: { patientId: 'p-li', date: '2026-11-28', time: '10:00', room: 'Room 4' },
  },
  {
    command: 'put James Wilson in for a crown Dec 10 at 1:30pm with Dr Chen',
    intent: 'book_appointment',
    slots: { patientId: 'p-james', date: '2026-12-10', time: '13:30', procedure: 'Crown', providerId: 14 },
  },
  {
    command: 'book priya sharma 30 min checkup wed at 4',
    intent: 'book_appointment',
    slots: { patientId: 'p-priya', date: '2026-12-02', time: '16:00', duration: 30, procedure: 'Check-up' },
  },
  {
    command: 'schedule an emergency for Mario Tremblay today at 1',
    intent: 'book_appointment',
    slots: { patientId: 'p-mario', date: '2026-11-26', time: '13:00', procedure: 'Emergency' },
  },
  {
    command: 'book sophie martin cleaning w/ Sarah Thursday 9:30',
    intent: 'book_appointment',
    slots: { patientId: 'p-sophie', date: '2026-12-03', time: '09:30', procedure: 'Cleaning', providerId: 13 },
    note: 'Thursday is next week: today is Thursday',
  },
  {
    command: 'Book Chloe Cote for fluoride Sat at 10',
    intent: 'book_appointment',
    slots: { patientId: 'p-chloe', date: '2026-11-28', time: '10:00', procedure: 'Fluoride' },
  },
  {
    command: 'make an appt for hélène roy, extraction, Dr. Côté, Dec 7 at 8:30',
    intent: 'book_appointment',
    slots: { patientId: 'p-helene', date: '2026-12-07', time: '08:30', procedure: 'Extraction', providerId: 12 },
  },
  {
    command: 'book pt Francois Cote for a consultation next Tuesday 2:30 pm',
    intent: 'book_appointment',
    slots: { patientId: 'p-francois', date: '2026-12-01', time: '14:30', procedure: 'Consultation' },
  },
  {
    command: 'book Gagnon w/ Dr Patel Monday 3:15pm 45min filling',
    intent: 'book_appointment',
    slots: {
      patientId: 'p-elise',
      date: '2026-11-30',
      time: '15:15',
      providerId: 11,
      duration: 45,
      procedure: 'Filling',
    },
  },
  {
    command: 'book new patient consult for Amelie Pelletier Dec 4 at 10',
    intent: 'book_appointment',
    slots: { patientId: 'p-amelie', date: '2026-12-04', time: '10:00', procedure: 'New Patient Consultation' },
  },
  {
    command: 'appointment robert lavoie whitening Dec 2 at 11',
    intent: 'book_appointment',
    slots: { patientId: 'p-bob', date: '2026-12-02', time: '11:00', procedure: 'Whitening' },
  },
  {
    command: 'boook maurine schroder check up tmrw morning',
    intent: 'book_appointment',
    slots: { patientId: 'p-maurine', date: '2026-11-27', procedure: 'Check-up' },
  },
  {
    command: 'Book Katherine OBrien for scaling w/ the hygienist Dec 9 at 2:45',
    intent: 'book_appointment',
    slots: { patientId: 'p-kathy', date: '2026-12-09', time: '14:45', procedure: 'Scaling', providerId: 13 },
  },

  // book_family
  {
    command: 'book the Martin family for cleanings Dec 8 at 3',
    intent: 'book_family',
    slots: { candidates: MARTINS, date: '2026-12-08', time: '15:00', procedure: 'Cleaning' },
  },
  {
    command: 'book the whole Côté family for check-ups Saturday at 9',
    intent: 'book_family',
    slots: { candidates: COTES, date: '2026-11-28', time: '09:00', procedure: 'Check-up' },
  },
  {
    command: 'book Sophie Martin and her kids back to back tomorrow for cleanings',
    intent: 'book_family',
    slots: { date: '2026-11-27', procedure: 'Cleaning' },
  },
  {
    command: 'family appt for the Martins next Tuesday at 10',
    intent: 'book_family',
    slots: { candidates: MARTINS, date: '2026-12-01', time: '10:00' },
  },
  {
    command: 'book olivia and noah martin together for fluoride Dec 4 at 4',
    intent: 'book_family',
    slots: { date: '2026-12-04', time: '16:00', procedure: 'Fluoride' },
  },

  // find_patient
  { command: 'find patient Tremblay', intent: 'find_patient', slots: { candidates: TREMBLAYS } },
  {
    command: 'search pt 416-555-0106',
    intent: 'find_patient',
    slots: { phone: '4165550106', patientId: 'p-maurine' },
  },
  { command: 'look up helene roy', intent: 'find_patient', slots: { patientId: 'p-helene' } },
  { command: 'find pt born 1985', intent: 'find_patient', slots: { birthYear: 1985, patientId: 'p-elise' } },
  {
    command: 'who is (613) 555-0115',
    intent: 'find_patient',
    slots: { phone: '6135550115', candidates: MARTINS },
    note: 'the Martins share one phone',
  },
  { command: 'lookup patient Martin', intent: 'find_patient', slots: { candidates: MARTINS } },
  { command: 'find jean francois', intent: 'find_patient', slots: { patientId: 'p-jf' } },
  {
    command: 'search for patient with phone 819 555 0109',
    intent: 'find_patient',
    slots: { phone: '8195550109', patientId: 'p-helene' },
  },
  { command: 'find patent gaetan', intent: 'find_patient', slots: { patientId: 'p-gaetan' } },
  { command: 'find Kathy', intent: 'find_patient', slots: { patientId: 'p-kathy' } },
  { command: 'any patient named Li?', intent: 'find_patient', slots: { patientId: 'p-li' } },
  { command: 'chercher patient Bélanger', intent: 'find_patient', slots: { patientId: 'p-jf' } },
  {
    command: 'find patient born 1962 tremblay',
    intent: 'find_patient',
    slots: { birthYear: 1962, patientId: 'p-mario' },
    note: 'the birth year settles the homonym',
  },

  // open_patient
  { command: 'open Hélène Roy', intent: 'open_patient', slots: { patientId: 'p-helene' } },
  { command: 'open patient file jean-francois belanger', intent: 'open_patient', slots: { patientId: 'p-jf' } },
  { command: 'pull up gaetan levesque', intent: 'open_patient', slots: { patientId: 'p-gaetan' } },
  { command: 'show pt profile for Amelie Pelletier', intent: 'open_patient', slots: { patientId: 'p-amelie' } },
  { command: "open bob's file", intent: 'open_patient', slots: { patientId: 'p-bob' } },
  { command: 'go to patient Wei Li', intent: 'open_patient', slots: { patientId: 'p-li' } },
  { command: 'open Tremblay', intent: 'open_patient', slots: { candidates: TREMBLAYS } },

  // create_patient
  {
    command: 'new patient John Smith 416-555-0199 born 1990',
    intent: 'create_patient',
    slots: { firstName: 'John', lastName: 'Smith', phone: '4165550199', birthYear: 1990 },
  },
  {
    command: 'add pt Nathalie Bouchard (514) 555-2233',
    intent: 'create_patient',
    slots: { firstName: 'Nathalie', lastName: 'Bouchard', phone: '5145552233' },
  },
  {
    command: 'create patient Réjean Thibodeau, phone 418 555 7788, dob 1972-05-14',
    intent: 'create_patient',
    slots: { firstName: 'Réjean', lastName: 'Thibodeau', phone: '4185557788', birthYear: 1972 },
  },
  {
    command: 'register new pt Emma Roberts born 2019',
    intent: 'create_patient',
    slots: { firstName: 'Emma', lastName: 'Roberts', birthYear: 2019 },
  },
  {
    command: 'add new patient: Luc Gauthier 6135559876',
    intent: 'create_patient',
    slots: { firstName: 'Luc', lastName: 'Gauthier', phone: '6135559876' },
  },
  {
    command: 'nouveau patient Sylvie Caron 450-555-3344',
    intent: 'create_patient',
    slots: { firstName: 'Sylvie', lastName: 'Caron', phone: '4505553344' },
  },

  // show_schedule
  { command: "show today's schedule", intent: 'show_schedule', slots: { date: '2026-11-26' } },
  { command: 'shedule tmrw', intent: 'show_schedule', slots: { date: '2026-11-27' } },
  { command: "Dr Patel's schedule for Friday", intent: 'show_schedule', slots: { date: '2026-11-27', providerId: 11 } },
  {
    command: 'what does dr chen have on monday',
    intent: 'show_schedule',
    slots: { date: '2026-11-30', providerId: 14 },
  },
  { command: 'show hyg schedule Dec 3', intent: 'show_schedule', slots: { date: '2026-12-03', providerId: 13 } },
  { command: 'schedule in 30 min view', intent: 'show_schedule', slots: { view: '30min' } },
  { command: 'show the day in hourly view', intent: 'show_schedule', slots: { view: '1h' } },
  { command: 'whats on the books next tuesday', intent: 'show_schedule', slots: { date: '2026-12-01' } },
  {
    command: "show Dr. Côté's day tomorrow 30 minute view",
    intent: 'show_schedule',
    slots: { date: '2026-11-27', providerId: 12, view: '30min' },
  },
  { command: 'horaire de demain', intent: 'show_schedule', slots: { date: '2026-11-27' } },
  { command: 'sched for Sarah Nguyen today', intent: 'show_schedule', slots: { date: '2026-11-26', providerId: 13 } },
  { command: "who's booked Saturday", intent: 'show_schedule', slots: { date: '2026-11-28' } },

  // find_slot
  {
    command: 'find a free slot tomorrow afternoon w/ Dr Chen',
    intent: 'find_slot',
    slots: { date: '2026-11-27', partOfDay: 'afternoon', providerId: 14 },
  },
  { command: 'next available cleaning', intent: 'find_slot', slots: { procedure: 'Cleaning' } },
  {
    command: 'first opening next week for a 90 min root canal',
    intent: 'find_slot',
    slots: { period: 'next_week', duration: 90, procedure: 'Root Canal' },
  },
  { command: 'any openings friday morning?', intent: 'find_slot', slots: { date: '2026-11-27', partOfDay: 'morning' } },
  { command: 'when is dr patel free on Dec 4', intent: 'find_slot', slots: { date: '2026-12-04', providerId: 11 } },
  {
    command: 'find 60 min slot thursday evening',
    intent: 'find_slot',
    slots: { date: '2026-12-03', partOfDay: 'evening', duration: 60 },
    note: 'Thursday is open until 20:00',
  },
  { command: 'open spots w/ hyg this week', intent: 'find_slot', slots: { period: 'this_week', providerId: 13 } },
  {
    command: 'earliest available appt for a crown w/ dr cote',
    intent: 'find_slot',
    slots: { procedure: 'Crown', providerId: 12 },
  },
  {
    command: 'find time for a 30 minute check-up Monday',
    intent: 'find_slot',
    slots: { date: '2026-11-30', duration: 30, procedure: 'Check-up' },
  },
  { command: 'free slots in 2 weeks', intent: 'find_slot', slots: { date: '2026-12-10' } },

  // move_appointment
  {
    command: "move Marie Tremblay's appt to Dec 4 at 10",
    intent: 'move_appointment',
    slots: { patientId: 'p-marie', appointmentId: 'a-marie-dec3', newDate: '2026-12-04', newTime: '10:00' },
  },
  {
    command: 'reschedule James Wilson to Wednesday at 3',
    intent: 'move_appointment',
    slots: { patientId: 'p-james', appointmentId: 'a-james-tue', newDate: '2026-12-02', newTime: '15:00' },
  },
  {
    command: "push maurine's appointment to 11:30",
    intent: 'move_appointment',
    slots: { patientId: 'p-maurine', appointmentId: 'a-maurine-today', newTime: '11:30' },
  },
  {
    command: 'move elise gagnon from friday to monday at 9',
    intent: 'move_appointment',
    slots: { patientId: 'p-elise', appointmentId: 'a-elise-fri', newDate: '2026-11-30', newTime: '09:00' },
  },
  {
    command: 'resched bob lavoie to tmrw at 2',
    intent: 'move_appointment',
    slots: { patientId: 'p-bob', appointmentId: 'a-bob-today', newDate: '2026-11-27', newTime: '14:00' },
  },
  {
    command: 'move the root canal on tuesday to thursday',
    intent: 'move_appointment',
    slots: { appointmentId: 'a-james-tue', newDate: '2026-12-03' },
    note: 'the appointment is found by procedure and day, without a name',
  },
  {
    command: "rebook Marie Tremblay's crown to Dec 10 same time",
    intent: 'move_appointment',
    slots: { patientId: 'p-marie', appointmentId: 'a-marie-dec3', newDate: '2026-12-10' },
  },
  {
    command: 'can we move priya to 4pm',
    intent: 'move_appointment',
    slots: { patientId: 'p-priya', appointmentId: 'a-priya-today', newTime: '16:00' },
  },
  {
    command: 'change Maurine Schroeder appt to Dec 2 at 1pm',
    intent: 'move_appointment',
    slots: { patientId: 'p-maurine', appointmentId: 'a-maurine-today', newDate: '2026-12-02', newTime: '13:00' },
  },
  {
    command: 'mvoe james wilson appt to Friday 10:30',
    intent: 'move_appointment',
    slots: { patientId: 'p-james', appointmentId: 'a-james-tue', newDate: '2026-11-27', newTime: '10:30' },
  },
  {
    command: 'déplacer le rendez-vous de Marie Tremblay au 4 décembre à 10h',
    intent: 'move_appointment',
    slots: { patientId: 'p-marie', appointmentId: 'a-marie-dec3', newDate: '2026-12-04', newTime: '10:00' },
  },
  {
    command: 'move Tremblay to friday',
    intent: 'move_appointment',
    slots: { candidates: TREMBLAYS, newDate: '2026-11-27' },
    note: 'a homonym is asked about even though only Marie has an appointment',
  },
  {
    command: "reschedule bob's cleaning to Dec 1 9am",
    intent: 'move_appointment',
    slots: { patientId: 'p-bob', appointmentId: 'a-bob-today', newDate: '2026-12-01', newTime: '09:00' },
  },

  // cancel_appointment
  {
    command: "cancel Elise's appt tomorrow",
    intent: 'cancel_appointment',
    slots: { patientId: 'p-elise', appointmentId: 'a-elise-fri', date: '2026-11-27' },
  },
  {
    command: 'cancle bob lavoie appointment',
    intent: 'cancel_appointment',
    slots: { patientId: 'p-bob', appointmentId: 'a-bob-today' },
  },
  {
    command: "cancel James Wilson's root canal on Tuesday",
    intent: 'cancel_appointment',
    slots: { patientId: 'p-james', appointmentId: 'a-james-tue', date: '2026-12-01' },
  },
  {
    command: 'cxl maurine today',
    intent: 'cancel_appointment',
    slots: { patientId: 'p-maurine', appointmentId: 'a-maurine-today', date: '2026-11-26' },
  },
  {
    command: 'Marie Tremblay called to cancel her Dec 3 appt',
    intent: 'cancel_appointment',
    slots: { patientId: 'p-marie', appointmentId: 'a-marie-dec3', date: '2026-12-03' },
  },
  {
    command: 'cancel appt for Priya Sharma',
    intent: 'cancel_appointment',
    slots: { patientId: 'p-priya', appointmentId: 'a-priya-today' },
  },
  {
    command: 'cancel the 10:30 today',
    intent: 'cancel_appointment',
    slots: { appointmentId: 'a-maurine-today', date: '2026-11-26', time: '10:30' },
  },
  {
    command: "annuler le rendez-vous d'Élise Gagnon",
    intent: 'cancel_appointment',
    slots: { patientId: 'p-elise', appointmentId: 'a-elise-fri' },
  },
  {
    command: "pls cancel robert lavoie's cleaning",
    intent: 'cancel_appointment',
    slots: { patientId: 'p-bob', appointmentId: 'a-bob-today' },
  },
  {
    command: "cancel Dr Patel's 1:30 on Tuesday",
    intent: 'cancel_appointment',
    slots: { appointmentId: 'a-james-tue', providerId: 11, date: '2026-12-01', time: '13:30' },
  },
  {
    command: 'cancel tremblay appointment',
    intent: 'cancel_appointment',
    slots: { candidates: TREMBLAYS },
    note: 'a homonym is asked about even though only Marie has an appointment',
  },

  // check_in
  {
    command: 'check in Maurine',
    intent: 'check_in',
    slots: { patientId: 'p-maurine', appointmentId: 'a-maurine-today' },
  },
  { command: 'chekc in bob', intent: 'check_in', slots: { patientId: 'p-bob', appointmentId: 'a-bob-today' } },
  {
    command: 'Priya Sharma is here',
    intent: 'check_in',
    slots: { patientId: 'p-priya', appointmentId: 'a-priya-today' },
  },
  {
    command: 'pt maurine schroeder arrived',
    intent: 'check_in',
    slots: { patientId: 'p-maurine', appointmentId: 'a-maurine-today' },
  },
  {
    command: 'mark Robert Lavoie as arrived',
    intent: 'check_in',
    slots: { patientId: 'p-bob', appointmentId: 'a-bob-today' },
  },
  { command: 'checkin priya', intent: 'check_in', slots: { patientId: 'p-priya', appointmentId: 'a-priya-today' } },
  {
    command: "maurine's here for her 10:30",
    intent: 'check_in',
    slots: { patientId: 'p-maurine', appointmentId: 'a-maurine-today' },
  },
  {
    command: 'check-in Elise Gagnon',
    intent: 'check_in',
    slots: { patientId: 'p-elise' },
    note: 'her appointment is tomorrow, so no appointment of today is named',
  },
  {
    command: 'check in the 11:00 w/ Sarah',
    intent: 'check_in',
    slots: { appointmentId: 'a-bob-today', providerId: 13, time: '11:00' },
  },
  {
    command: 'chk in Bob Lavoie for his cleaning',
    intent: 'check_in',
    slots: { patientId: 'p-bob', appointmentId: 'a-bob-today' },
  },

  // mark_no_show
  {
    command: 'mark Priya as no show',
    intent: 'mark_no_show',
    slots: { patientId: 'p-priya', appointmentId: 'a-priya-today' },
  },
  {
    command: 'priya sharma didnt show up',
    intent: 'mark_no_show',
    slots: { patientId: 'p-priya', appointmentId: 'a-priya-today' },
  },
  {
    command: 'no-show Bob Lavoie',
    intent: 'mark_no_show',
    slots: { patientId: 'p-bob', appointmentId: 'a-bob-today' },
  },
  {
    command: 'maurine no show',
    intent: 'mark_no_show',
    slots: { patientId: 'p-maurine', appointmentId: 'a-maurine-today' },
  },
  {
    command: 'Robert Lavoie never came, mark noshow',
    intent: 'mark_no_show',
    slots: { patientId: 'p-bob', appointmentId: 'a-bob-today' },
  },
  {
    command: 'mark the 8:30 as a no-show',
    intent: 'mark_no_show',
    slots: { appointmentId: 'a-priya-today', time: '08:30' },
  },

  // provider_absence
  { command: 'Dr Patel is off tomorrow', intent: 'provider_absence', slots: { providerId: 11, date: '2026-11-27' } },
  {
    command: 'dr chen sick today',
    intent: 'provider_absence',
    slots: { providerId: 14, date: '2026-11-26', reason: 'sick-leave' },
  },
  {
    command: 'Sarah Nguyen on vacation Dec 7',
    intent: 'provider_absence',
    slots: { providerId: 13, date: '2026-12-07', reason: 'vacation' },
  },
  { command: 'mark dr cote absent monday', intent: 'provider_absence', slots: { providerId: 12, date: '2026-11-30' } },
  {
    command: 'Dr. Côté away Friday for continuing education',
    intent: 'provider_absence',
    slots: { providerId: 12, date: '2026-11-27', reason: 'continuing-education' },
  },
  {
    command: 'hyg out tmrw personal day',
    intent: 'provider_absence',
    slots: { providerId: 13, date: '2026-11-27', reason: 'personal' },
  },
  {
    command: 'Dr Patel absent from 1 to 3 today',
    intent: 'provider_absence',
    slots: { providerId: 11, date: '2026-11-26', start: '13:00', end: '15:00' },
  },

  // schedule_maintenance
  {
    command: 'block room 3 for maintenance Friday 12 to 2',
    intent: 'schedule_maintenance',
    slots: { room: 'Room 3', date: '2026-11-27', start: '12:00', end: '14:00' },
  },
  {
    command: 'room 2 maintenance tomorrow',
    intent: 'schedule_maintenance',
    slots: { room: 'Room 2', date: '2026-11-27' },
  },
  {
    command: 'schedule repair Room 4 Dec 5 9-11',
    intent: 'schedule_maintenance',
    slots: { room: 'Room 4', date: '2026-12-05', start: '09:00', end: '11:00', maintenanceType: 'repair' },
  },
  {
    command: 'Room 1 out of service monday morning for equipment service',
    intent: 'schedule_maintenance',
    slots: { room: 'Room 1', date: '2026-11-30', maintenanceType: 'equipment-service' },
  },
  {
    command: 'maintenace rm 2 dec 3 from 8 to 10',
    intent: 'schedule_maintenance',
    slots: { room: 'Room 2', date: '2026-12-03', start: '08:00', end: '10:00' },
  },
  {
    command: 'deep clean room 3 Saturday 1-2pm',
    intent: 'schedule_maintenance',
    slots: { room: 'Room 3', date: '2026-11-28', start: '13:00', end: '14:00', maintenanceType: 'deep-clean' },
  },

  // open_chart
  { command: 'open chart for Amelie Pelletier', intent: 'open_chart', slots: { patientId: 'p-amelie' } },
  { command: "show Wei Li's chart", intent: 'open_chart', slots: { patientId: 'p-li' } },
  { command: 'charting for kathy obrien', intent: 'open_chart', slots: { patientId: 'p-kathy' } },
  { command: 'open odontogram jean-francois belanger', intent: 'open_chart', slots: { patientId: 'p-jf' } },
  { command: 'perio chart Gaétan Lévesque', intent: 'open_chart', slots: { patientId: 'p-gaetan' } },
  { command: 'dental chart for Martin', intent: 'open_chart', slots: { candidates: MARTINS } },

  // list_recalls
  { command: 'show recalls due this month', intent: 'list_recalls', slots: { period: 'this_month' } },
  { command: 'list overdue recalls', intent: 'list_recalls', slots: {} },
  { command: "who's due for recall next month", intent: 'list_recalls', slots: { period: 'next_month' } },
  { command: 'recall list', intent: 'list_recalls', slots: {} },
  { command: 'recalls for this week', intent: 'list_recalls', slots: { period: 'this_week' } },

  // create_recall
  {
    command: 'set up a 6 month cleaning recall for Hélène Roy',
    intent: 'create_recall',
    slots: { patientId: 'p-helene', recallType: 'cleaning', interval: 6 },
  },
  {
    command: 'recall gaetan levesque for xray in 12 months',
    intent: 'create_recall',
    slots: { patientId: 'p-gaetan', recallType: 'xray', interval: 12 },
  },
  {
    command: 'fluoride recall Chloe Cote 3 mo',
    intent: 'create_recall',
    slots: { patientId: 'p-chloe', recallType: 'fluoride', interval: 3 },
  },
  {
    command: 'add follow-up recall for James Wilson',
    intent: 'create_recall',
    slots: { patientId: 'p-james', recallType: 'follow-up' },
  },
  {
    command: 'create recall for bob cleaning 6 months',
    intent: 'create_recall',
    slots: { patientId: 'p-bob', recallType: 'cleaning', interval: 6 },
  },
  {
    command: "recall Kathy O'Brien for x-rays in a year",
    intent: 'create_recall',
    slots: { patientId: 'p-kathy', recallType: 'xray', interval: 12 },
  },

  // send_forms
  {
    command: 'send intake forms to Amelie Pelletier by email',
    intent: 'send_forms',
    slots: { patientId: 'p-amelie', method: 'email' },
  },
  {
    command: 'text the new patient forms to Wei Li',
    intent: 'send_forms',
    slots: { patientId: 'p-li', method: 'sms' },
  },
  { command: 'send forms to Bob', intent: 'send_forms', slots: { patientId: 'p-bob' } },
  {
    command: 'email medical history form to sophie martin',
    intent: 'send_forms',
    slots: { patientId: 'p-sophie', method: 'email' },
  },
  {
    command: 'send paperwork to jean-francois by sms',
    intent: 'send_forms',
    slots: { patientId: 'p-jf', method: 'sms' },
  },

  // send_reminder
  { command: "send reminder to Elise for tomorrow's appt", intent: 'send_reminder', slots: { patientId: 'p-elise' } },
  { command: 'text reminder Marie Tremblay', intent: 'send_reminder', slots: { patientId: 'p-marie', method: 'sms' } },
  { command: 'email Maurine a reminder', intent: 'send_reminder', slots: { patientId: 'p-maurine', method: 'email' } },
  { command: 'remind james wilson about his appt tuesday', intent: 'send_reminder', slots: { patientId: 'p-james' } },
  { command: 'send sms reminder to Priya', intent: 'send_reminder', slots: { patientId: 'p-priya', method: 'sms' } },

  // report
  { command: 'how many no shows this month', intent: 'report', slots: { metric: 'no_shows', period: 'this_month' } },
  { command: 'production report last week', intent: 'report', slots: { metric: 'production', period: 'last_week' } },
  { command: 'new patients this year', intent: 'report', slots: { metric: 'new_patients', period: 'this_year' } },
  { command: 'how many appts today', intent: 'report', slots: { metric: 'appointments', period: 'today' } },
  { command: 'cancellations last month', intent: 'report', slots: { metric: 'cancellations', period: 'last_month' } },
  { command: 'recall report next month', intent: 'report', slots: { metric: 'recalls', period: 'next_month' } },
  { command: 'production this month', intent: 'report', slots: { metric: 'production', period: 'this_month' } },
  { command: 'no-show rate last week', intent: 'report', slots: { metric: 'no_shows', period: 'last_week' } },

  // navigate
  { command: 'go to billing', intent: 'navigate', slots: { route: '/billing-2' } },
  { command: 'open settings', intent: 'navigate', slots: { route: '/settings' } },
  { command: 'reports page', intent: 'navigate', slots: { route: '/reports' } },
  { command: 'take me to patients', intent: 'navigate', slots: { route: '/patients' } },
  { command: 'go to inventory', intent: 'navigate', slots: { route: '/inventory' } },
  { command: 'open the waitlist', intent: 'navigate', slots: { route: '/waitlist' } },
  { command: 'go to scheduling', intent: 'navigate', slots: { route: '/scheduling' } },
  { command: 'open preferences', intent: 'navigate', slots: { route: '/preferences' } },
  { command: 'communications', intent: 'navigate', slots: { route: '/communications' } },
  { command: 'go to treatment plans', intent: 'navigate', slots: { route: '/treatment-plans' } },

  // switch_practice
  { command: 'switch to Westside', intent: 'switch_practice', slots: { practiceId: 2 } },
  { command: 'change practice to clinique plateau', intent: 'switch_practice', slots: { practiceId: 3 } },
  { command: 'switch to downtown dental', intent: 'switch_practice', slots: { practiceId: 1 } },
  { command: 'switch to the Mississauga office', intent: 'switch_practice', slots: { practiceId: 2 } },
  { command: 'swtich location Montreal', intent: 'switch_practice', slots: { practiceId: 3 } },

  // create_ticket
  { command: 'open a support ticket', intent: 'create_ticket', slots: {} },
  { command: 'create ticket: Printer not working', intent: 'create_ticket', slots: { subject: 'Printer not working' } },
  { command: 'urgent ticket sync is stuck', intent: 'create_ticket', slots: { priority: 'urgent' } },
  {
    command: "report a bug, high priority, schedule won't load",
    intent: 'create_ticket',
    slots: { priority: 'high' },
    note: "'report a bug' is a ticket, not a report",
  },
  { command: 'contact support about a billing error', intent: 'create_ticket', slots: {} },
  {
    command: 'log a low priority ticket: logo looks blurry',
    intent: 'create_ticket',
    slots: { priority: 'low', subject: 'logo looks blurry' },
  },

  // guidance: one command per guide
  { command: 'how do I book an appointment', intent: 'guidance', slots: { topic: 'booking' } },
  { command: 'how do i move an appt', intent: 'guidance', slots: { topic: 'move-appointment' } },
  { command: 'how do i check in a patient', intent: 'guidance', slots: { topic: 'check-in' } },
  { command: 'how to check out', intent: 'guidance', slots: { topic: 'check-out' } },
  { command: 'help with provider absence', intent: 'guidance', slots: { topic: 'provider-absence' } },
  { command: 'how to schedule room maintenance', intent: 'guidance', slots: { topic: 'maintenance' } },
  { command: 'how do I add a new patient', intent: 'guidance', slots: { topic: 'new-patient' } },
  { command: 'how do recalls work', intent: 'guidance', slots: { topic: 'recalls' } },
  { command: 'how do I work offline', intent: 'guidance', slots: { topic: 'offline' } },
  { command: 'show me how to use charts', intent: 'guidance', slots: { topic: 'charts' } },
  { command: 'how do I switch practices', intent: 'guidance', slots: { topic: 'switch-practice' } },
  { command: 'what does needs attention mean', intent: 'guidance', slots: { topic: 'needs-attention' } },

  // refuse: mass or destructive
  { command: 'delete all patients', intent: 'refuse', slots: {} },
  { command: 'cancel all appointments tomorrow', intent: 'refuse', slots: {} },
  { command: 'wipe the database', intent: 'refuse', slots: {} },
  { command: 'drop table patients;', intent: 'refuse', slots: {} },
  { command: 'mark everyone as no show today', intent: 'refuse', slots: {} },
  { command: 'remove all patient records', intent: 'refuse', slots: {} },
  { command: 'supprimer tous les patients', intent: 'refuse', slots: {} },

  // unknown
  { command: 'asdfgh', intent: 'unknown', slots: {} },
  { command: 'what is the weather', intent: 'unknown', slots: {} },
  { command: 'tell me a joke', intent: 'unknown', slots: {} },
  { command: 'qwertyuiop', intent: 'unknown', slots: {} },
  { command: 'who won the leafs game last night', intent: 'unknown', slots: {} },
  { command: 'banana', intent: 'unknown', slots: {} },
];
