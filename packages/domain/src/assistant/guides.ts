import type { Text } from '../i18n/text.ts';
import type { GuideId } from './contract.ts';

/** One step of a floating guide (issue 18 point 7). */
export interface GuideStep {
  title: Text;
  body: Text;
  /** The `data-guide` attribute value of the element the step is about, highlighted while the step shows. */
  target?: string;
  /** The path the step happens on; the guide offers to go there when the element is not on screen. */
  route?: string;
  /** The step completes by itself when the user clicks its element, then the guide moves on. */
  autoAdvance?: boolean;
}

export interface Guide {
  id: GuideId;
  title: Text;
  summary: Text;
  steps: GuideStep[];
}

// Each step names the buttons and labels the screens really show, so a guide can be followed word for word.
export const GUIDES: Record<GuideId, Guide> = {
  booking: {
    id: 'booking',
    title: /*i18n*/ { id: 'guide.booking.title', message: 'Book an appointment' },
    summary: /*i18n*/ {
      id: 'guide.booking.summary',
      message: 'Book a patient into a room on the Daily Schedule. Works offline too.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.booking.step1.title', message: 'Open the Daily Schedule' },
        body: /*i18n*/ {
          id: 'guide.booking.step1.body',
          message: 'Scheduling shows one column per room. Choose the day with the arrows, the date field or Today.',
        },
        target: 'schedule-grid',
        route: '/scheduling',
      },
      {
        title: /*i18n*/ { id: 'guide.booking.step2.title', message: 'Start a booking' },
        body: /*i18n*/ {
          id: 'guide.booking.step2.body',
          message:
            'Select New Appointment. You can also click a free slot in the grid (or press Enter on it) to start with its room and time filled in.',
        },
        target: 'schedule-new-appointment',
        route: '/scheduling',
        autoAdvance: true,
      },
      {
        title: /*i18n*/ { id: 'guide.booking.step3.title', message: 'Fill in the form' },
        body: /*i18n*/ {
          id: 'guide.booking.step3.body',
          message:
            'Choose the patient, time, duration, room and provider. Assistant, procedure and notes are optional.',
        },
        target: 'appointment-form',
      },
      {
        title: /*i18n*/ { id: 'guide.booking.step4.title', message: 'Check for conflicts' },
        body: /*i18n*/ {
          id: 'guide.booking.step4.body',
          message:
            'The form checks the room, the provider and the practice hours as you fill it in. When something clashes it says why and offers suggestions you can apply.',
        },
        target: 'appointment-form',
      },
      {
        title: /*i18n*/ { id: 'guide.booking.step5.title', message: 'Book it' },
        body: /*i18n*/ {
          id: 'guide.booking.step5.body',
          message:
            'Select Book appointment. The card appears on the grid at once, marked Pending sync until the server has it.',
        },
        target: 'schedule-grid',
        route: '/scheduling',
      },
    ],
  },
  'move-appointment': {
    id: 'move-appointment',
    title: /*i18n*/ { id: 'guide.move.title', message: 'Move an appointment' },
    summary: /*i18n*/ {
      id: 'guide.move.summary',
      message: 'Change the time, room or length of a booked appointment.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.move.step1.title', message: 'Find the appointment' },
        body: /*i18n*/ {
          id: 'guide.move.step1.body',
          message: 'On the Daily Schedule, type a patient, procedure or provider in the search box: other cards dim.',
        },
        target: 'schedule-search',
        route: '/scheduling',
      },
      {
        title: /*i18n*/ { id: 'guide.move.step2.title', message: 'Drag the card' },
        body: /*i18n*/ {
          id: 'guide.move.step2.body',
          message:
            'Drag the card to another time or room. Drag its bottom edge to make the appointment longer or shorter.',
        },
        target: 'appointment-card',
        route: '/scheduling',
      },
      {
        title: /*i18n*/ { id: 'guide.move.step3.title', message: 'Or use the menu' },
        body: /*i18n*/ {
          id: 'guide.move.step3.body',
          message:
            'Right-click the card, or hover it and select ⋯, then choose Move… or Change duration. With the keyboard, press Shift+F10 on the card.',
        },
        target: 'appointment-card',
        route: '/scheduling',
      },
      {
        title: /*i18n*/ { id: 'guide.move.step4.title', message: 'Choose the new time' },
        body: /*i18n*/ {
          id: 'guide.move.step4.body',
          message:
            'In Move appointment, choose the time and room, then select Move. A clash is refused with the reason, and nothing changes.',
        },
        target: 'move-dialog',
      },
    ],
  },
  'check-in': {
    id: 'check-in',
    title: /*i18n*/ { id: 'guide.checkIn.title', message: 'Check a patient in' },
    summary: /*i18n*/ {
      id: 'guide.checkIn.summary',
      message: 'Record a patient’s arrival and send them to the waiting room.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.checkIn.step1.title', message: 'Find today’s appointment' },
        body: /*i18n*/ {
          id: 'guide.checkIn.step1.body',
          message: 'On today’s Daily Schedule, find the patient’s card.',
        },
        target: 'appointment-card',
        route: '/scheduling',
      },
      {
        title: /*i18n*/ { id: 'guide.checkIn.step2.title', message: 'Open its menu' },
        body: /*i18n*/ {
          id: 'guide.checkIn.step2.body',
          message: 'Right-click the card, or hover it and select ⋯, then choose Check In.',
        },
        target: 'appointment-card',
        route: '/scheduling',
      },
      {
        title: /*i18n*/ { id: 'guide.checkIn.step3.title', message: 'Fill in Quick Check-In' },
        body: /*i18n*/ {
          id: 'guide.checkIn.step3.body',
          message:
            'Confirm the arrival time, choose the waiting area and tick the verifications done. Special instructions are optional.',
        },
        target: 'check-in-form',
      },
      {
        title: /*i18n*/ { id: 'guide.checkIn.step4.title', message: 'Complete the check-in' },
        body: /*i18n*/ {
          id: 'guide.checkIn.step4.body',
          message:
            'Select Complete Check-In once the required verifications are ticked, or Quick Check-In to record the arrival now and verify later.',
        },
        target: 'check-in-form',
      },
      {
        title: /*i18n*/ { id: 'guide.checkIn.step5.title', message: 'See the waiting room' },
        body: /*i18n*/ {
          id: 'guide.checkIn.step5.body',
          message:
            'The patient is listed in the Waiting room above the grid, with their area and waiting time, and their card shows a tick.',
        },
        target: 'waiting-room',
        route: '/scheduling',
      },
    ],
  },
  'check-out': {
    id: 'check-out',
    title: /*i18n*/ { id: 'guide.checkOut.title', message: 'Check a patient out' },
    summary: /*i18n*/ {
      id: 'guide.checkOut.summary',
      message: 'Finish a visit: treatment done, next appointment and recalls.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.checkOut.step1.title', message: 'Start from the waiting room' },
        body: /*i18n*/ {
          id: 'guide.checkOut.step1.body',
          message:
            'In the Waiting room, select Check Out on the patient’s row. Check Out is also in the menu of a checked-in card.',
        },
        target: 'waiting-room',
        route: '/scheduling',
      },
      {
        title: /*i18n*/ { id: 'guide.checkOut.step2.title', message: 'Express Check-Out' },
        body: /*i18n*/ {
          id: 'guide.checkOut.step2.body',
          message:
            'Confirm the treatment was completed, rate the patient’s satisfaction, choose when to book the next appointment and add quick notes. Select Express Check-Out to finish.',
        },
        target: 'express-check-out',
      },
      {
        title: /*i18n*/ { id: 'guide.checkOut.step3.title', message: 'Or the full check-out' },
        body: /*i18n*/ {
          id: 'guide.checkOut.step3.body',
          message:
            'Select Full Check-Out for four steps: Summary, Follow-up, Recalls and Review. Next and Previous move between them.',
        },
        target: 'check-out-wizard',
      },
      {
        title: /*i18n*/ { id: 'guide.checkOut.step4.title', message: 'Complete the check-out' },
        body: /*i18n*/ {
          id: 'guide.checkOut.step4.body',
          message:
            'On Review, select Complete Check Out. The visit is marked completed, the follow-up is booked and the recalls are set.',
        },
        target: 'check-out-wizard',
      },
    ],
  },
  'provider-absence': {
    id: 'provider-absence',
    title: /*i18n*/ { id: 'guide.absence.title', message: 'Record a provider absence' },
    summary: /*i18n*/ {
      id: 'guide.absence.summary',
      message: 'Mark a provider away and deal with their appointments. Needs a connection to process.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.absence.step1.title', message: 'Open Provider Absence' },
        body: /*i18n*/ {
          id: 'guide.absence.step1.body',
          message: 'Above the Daily Schedule, select Provider Absence.',
        },
        target: 'schedule-provider-absence',
        route: '/scheduling',
        autoAdvance: true,
      },
      {
        title: /*i18n*/ { id: 'guide.absence.step2.title', message: 'Select the provider' },
        body: /*i18n*/ {
          id: 'guide.absence.step2.body',
          message: 'Choose which provider will be absent, then select Next.',
        },
        target: 'absence-wizard',
      },
      {
        title: /*i18n*/ { id: 'guide.absence.step3.title', message: 'Absence details' },
        body: /*i18n*/ {
          id: 'guide.absence.step3.body',
          message:
            'Choose the reason and the start and end dates. Notes, an emergency contact and Notify patients are optional.',
        },
        target: 'absence-wizard',
      },
      {
        title: /*i18n*/ { id: 'guide.absence.step4.title', message: 'Review and reschedule' },
        body: /*i18n*/ {
          id: 'guide.absence.step4.body',
          message:
            'Review Appointments lists the visits affected. In Reschedule Options, choose for each one to reschedule, reassign or cancel; smart suggestions fill it in for you.',
        },
        target: 'absence-wizard',
      },
      {
        title: /*i18n*/ { id: 'guide.absence.step5.title', message: 'Process the absence' },
        body: /*i18n*/ {
          id: 'guide.absence.step5.body',
          message:
            'On Confirmation, select Process Absence. The provider is then shown as absent under the provider colours.',
        },
        target: 'absence-wizard',
      },
    ],
  },
  maintenance: {
    id: 'maintenance',
    title: /*i18n*/ { id: 'guide.maintenance.title', message: 'Schedule room maintenance' },
    summary: /*i18n*/ {
      id: 'guide.maintenance.summary',
      message: 'Block a room for cleaning, repairs or service. Needs a connection.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.maintenance.step1.title', message: 'Open Schedule Maintenance' },
        body: /*i18n*/ {
          id: 'guide.maintenance.step1.body',
          message:
            'Above the Daily Schedule, select Schedule Maintenance. Or right-click a free slot and choose Schedule Maintenance to start at that room and time.',
        },
        target: 'schedule-maintenance',
        route: '/scheduling',
        autoAdvance: true,
      },
      {
        title: /*i18n*/ { id: 'guide.maintenance.step2.title', message: 'Room, type and time' },
        body: /*i18n*/ {
          id: 'guide.maintenance.step2.body',
          message: 'Choose the room and the maintenance type, give it a title, then set the start and end.',
        },
        target: 'maintenance-form',
      },
      {
        title: /*i18n*/ { id: 'guide.maintenance.step3.title', message: 'Appointments in the way' },
        body: /*i18n*/ {
          id: 'guide.maintenance.step3.body',
          message:
            'If appointments fall in that window, the form lists them with free times to move each one to. Priority, vendor and cost are optional.',
        },
        target: 'maintenance-form',
      },
      {
        title: /*i18n*/ { id: 'guide.maintenance.step4.title', message: 'Save the window' },
        body: /*i18n*/ {
          id: 'guide.maintenance.step4.body',
          message:
            'Select Schedule maintenance. The window appears on the grid and the room cannot be booked during it. Click it later to edit or delete it.',
        },
        target: 'schedule-grid',
        route: '/scheduling',
      },
    ],
  },
  'new-patient': {
    id: 'new-patient',
    title: /*i18n*/ { id: 'guide.newPatient.title', message: 'Add a new patient' },
    summary: /*i18n*/ {
      id: 'guide.newPatient.summary',
      message: 'Register a patient step by step, and book their first visit.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.newPatient.step1.title', message: 'Open New Patient' },
        body: /*i18n*/ {
          id: 'guide.newPatient.step1.body',
          message: 'In Patients, select New Patient.',
        },
        target: 'patients-new-patient',
        route: '/patients',
        autoAdvance: true,
      },
      {
        title: /*i18n*/ { id: 'guide.newPatient.step2.title', message: 'Personal and contact details' },
        body: /*i18n*/ {
          id: 'guide.newPatient.step2.body',
          message:
            'Fill in Personal Information, then Contact & Address, selecting Next after each. A patient who may already exist is pointed out.',
        },
        target: 'new-patient-wizard',
      },
      {
        title: /*i18n*/ { id: 'guide.newPatient.step3.title', message: 'Medical information' },
        body: /*i18n*/ {
          id: 'guide.newPatient.step3.body',
          message: 'Add conditions, medications, allergies and insurance, as far as you know them.',
        },
        target: 'new-patient-wizard',
      },
      {
        title: /*i18n*/ { id: 'guide.newPatient.step4.title', message: 'Forms and first visit' },
        body: /*i18n*/ {
          id: 'guide.newPatient.step4.body',
          message: 'Send Forms and Schedule Appointment are optional: choose forms to send and book the first visit.',
        },
        target: 'new-patient-wizard',
      },
      {
        title: /*i18n*/ { id: 'guide.newPatient.step5.title', message: 'Create the patient' },
        body: /*i18n*/ {
          id: 'guide.newPatient.step5.body',
          message:
            'Select Create patient. The patient is saved on this device first and sent to the server when there is a connection. Select Open patient to see the record.',
        },
        target: 'new-patient-wizard',
      },
    ],
  },
  recalls: {
    id: 'recalls',
    title: /*i18n*/ { id: 'guide.recalls.title', message: 'Set and follow recalls' },
    summary: /*i18n*/ {
      id: 'guide.recalls.summary',
      message: 'Recalls are set when a patient checks out and listed on the patient’s record.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.recalls.step1.title', message: 'Start a full check-out' },
        body: /*i18n*/ {
          id: 'guide.recalls.step1.body',
          message: 'In the Waiting room, select Check Out on the patient’s row, then Full Check-Out.',
        },
        target: 'waiting-room',
        route: '/scheduling',
      },
      {
        title: /*i18n*/ { id: 'guide.recalls.step2.title', message: 'Choose the recalls' },
        body: /*i18n*/ {
          id: 'guide.recalls.step2.body',
          message:
            'On the Recalls step, tick each recall to set and choose its priority. Due dates count from the visit.',
        },
        target: 'check-out-recalls',
      },
      {
        title: /*i18n*/ { id: 'guide.recalls.step3.title', message: 'Save them with the visit' },
        body: /*i18n*/ {
          id: 'guide.recalls.step3.body',
          message: 'Select Next to Review, then Complete Check Out: the recalls are saved with the visit.',
        },
        target: 'check-out-wizard',
      },
      {
        title: /*i18n*/ { id: 'guide.recalls.step4.title', message: 'See a patient’s recalls' },
        body: /*i18n*/ {
          id: 'guide.recalls.step4.body',
          message:
            'Open the patient from Patients and select the Recalls tab: each recall with its due date, priority and status. Overdue ones are marked.',
        },
        target: 'patient-recalls-tab',
        route: '/patients',
      },
    ],
  },
  offline: {
    id: 'offline',
    title: /*i18n*/ { id: 'guide.offline.title', message: 'Work offline' },
    summary: /*i18n*/ {
      id: 'guide.offline.summary',
      message: 'Keep working through an internet outage; changes are sent when the connection returns.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.offline.step1.title', message: 'Watch the connection' },
        body: /*i18n*/ {
          id: 'guide.offline.step1.body',
          message: 'The footer shows Online or Offline. The app tells you when the connection drops and comes back.',
        },
        target: 'connection-status',
      },
      {
        title: /*i18n*/ { id: 'guide.offline.step2.title', message: 'Keep working' },
        body: /*i18n*/ {
          id: 'guide.offline.step2.body',
          message:
            'Scheduling, Patients and Clinical charts read this device, so they keep working; offline they are marked Available offline in the sidebar. Other areas need the connection.',
        },
        target: 'main-navigation',
      },
      {
        title: /*i18n*/ { id: 'guide.offline.step3.title', message: 'Changes wait to sync' },
        body: /*i18n*/ {
          id: 'guide.offline.step3.body',
          message:
            'What you change offline is saved here at once and marked Pending sync; the footer counts what is waiting. It is sent by itself when the connection returns.',
        },
        target: 'connection-status',
      },
      {
        title: /*i18n*/ { id: 'guide.offline.step4.title', message: 'Open Offline data' },
        body: /*i18n*/ {
          id: 'guide.offline.step4.body',
          message: 'Select the connection badge in the footer to see what this device holds and when it last synced.',
        },
        target: 'connection-status',
        autoAdvance: true,
      },
      {
        title: /*i18n*/ { id: 'guide.offline.step5.title', message: 'Sync Now and Clear' },
        body: /*i18n*/ {
          id: 'guide.offline.step5.body',
          message:
            'Sync Now sends and fetches changes at once. Clean Up Cache removes expired entries. Clear removes this practice’s data from the device, and warns you first if unsent changes would be lost.',
        },
        target: 'offline-panel',
      },
    ],
  },
  charts: {
    id: 'charts',
    title: /*i18n*/ { id: 'guide.charts.title', message: 'Chart teeth' },
    summary: /*i18n*/ {
      id: 'guide.charts.summary',
      message: 'Open a patient’s clinical chart and record findings. Works offline.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.charts.step1.title', message: 'Find the patient' },
        body: /*i18n*/ {
          id: 'guide.charts.step1.body',
          message:
            'In Clinical charts, search by name, phone or date of birth and select Open Chart. Open Chart is also in an appointment’s menu.',
        },
        target: 'chart-patient-search',
        route: '/clinical-charts',
      },
      {
        title: /*i18n*/ { id: 'guide.charts.step2.title', message: 'Choose a tab' },
        body: /*i18n*/ {
          id: 'guide.charts.step2.body',
          message: 'Odontogram holds the teeth, Periodontal the perio exams and Notes the clinical notes.',
        },
        target: 'chart-tabs',
      },
      {
        title: /*i18n*/ { id: 'guide.charts.step3.title', message: 'Pick a tooth' },
        body: /*i18n*/ {
          id: 'guide.charts.step3.body',
          message:
            'Click a tooth’s surfaces on the odontogram, or type the tooth number and surfaces (for example MOD).',
        },
        target: 'odontogram',
      },
      {
        title: /*i18n*/ { id: 'guide.charts.step4.title', message: 'Chart the finding' },
        body: /*i18n*/ {
          id: 'guide.charts.step4.body',
          message:
            'Choose the finding and its status (existing, planned or completed), link the visit if any, then select Chart.',
        },
        target: 'chart-input',
      },
      {
        title: /*i18n*/ { id: 'guide.charts.step5.title', message: 'One editor at a time' },
        body: /*i18n*/ {
          id: 'guide.charts.step5.body',
          message:
            'Online, You are editing means the chart is yours; others see it read-only. Offline, entries from every device are merged, never overwritten.',
        },
        target: 'chart-tabs',
      },
    ],
  },
  'switch-practice': {
    id: 'switch-practice',
    title: /*i18n*/ { id: 'guide.switchPractice.title', message: 'Switch practice' },
    summary: /*i18n*/ {
      id: 'guide.switchPractice.summary',
      message: 'Work in another practice you have access to.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.switchPractice.step1.title', message: 'Open the practice switcher' },
        body: /*i18n*/ {
          id: 'guide.switchPractice.step1.body',
          message:
            'Select the current practice’s name in the header. It is a button only when you may use more than one practice.',
        },
        target: 'practice-switcher',
        autoAdvance: true,
      },
      {
        title: /*i18n*/ { id: 'guide.switchPractice.step2.title', message: 'Choose the practice' },
        body: /*i18n*/ {
          id: 'guide.switchPractice.step2.body',
          message:
            'Under Switch practice, each practice is listed with its city and province, and the current one is ticked. Choose one.',
        },
        target: 'practice-menu',
      },
      {
        title: /*i18n*/ { id: 'guide.switchPractice.step3.title', message: 'Work in the new practice' },
        body: /*i18n*/ {
          id: 'guide.switchPractice.step3.body',
          message:
            'A message confirms the switch, and every screen now shows that practice’s data. Add New Practice opens the practice settings.',
        },
        target: 'practice-switcher',
      },
    ],
  },
  'needs-attention': {
    id: 'needs-attention',
    title: /*i18n*/ { id: 'guide.attention.title', message: 'Fix changes that need attention' },
    summary: /*i18n*/ {
      id: 'guide.attention.summary',
      message: 'A change the server refused is never lost: you decide what happens to it.',
    },
    steps: [
      {
        title: /*i18n*/ { id: 'guide.attention.step1.title', message: 'Spot the count' },
        body: /*i18n*/ {
          id: 'guide.attention.step1.body',
          message:
            'When the server refuses a change made on this device (a slot taken meanwhile, for example), the footer shows a red Needs attention button with the count. Select it.',
        },
        target: 'needs-attention',
        autoAdvance: true,
      },
      {
        title: /*i18n*/ { id: 'guide.attention.step2.title', message: 'Read why' },
        body: /*i18n*/ {
          id: 'guide.attention.step2.body',
          message: 'Each change shows what it was, why it was refused and when it was made.',
        },
        target: 'needs-attention-drawer',
      },
      {
        title: /*i18n*/ { id: 'guide.attention.step3.title', message: 'Decide' },
        body: /*i18n*/ {
          id: 'guide.attention.step3.body',
          message:
            'Send again, Retry with changes to correct a field, or Schedule anyway for a booking that clashed. Copy details helps support.',
        },
        target: 'needs-attention-drawer',
      },
      {
        title: /*i18n*/ { id: 'guide.attention.step4.title', message: 'Or discard it' },
        body: /*i18n*/ {
          id: 'guide.attention.step4.body',
          message: 'Discard drops the change for good after you confirm. Nothing is ever dropped without you.',
        },
        target: 'needs-attention-drawer',
      },
    ],
  },
};

/** Every text of the guides, for the web app's catalogue. */
export const GUIDE_TEXTS: readonly Text[] = Object.values(GUIDES).flatMap((guide) => [
  guide.title,
  guide.summary,
  ...guide.steps.flatMap((step) => [step.title, step.body]),
]);
