import type { NewNotification } from '../communications/staff-notification.ts';
import { formatInstantShort } from '../i18n/formats.ts';
import { SOURCE_LANGUAGE } from '../i18n/language.ts';
import { fill, type Text } from '../i18n/text.ts';

/** What staff are told when a patient answers from a link, and what the patient is told when a slot went. */
export const PATIENT_RESPONSE_TEXTS = {
  lowRatingTitle: /*i18n*/ { id: 'patientResponse.lowRating.title', message: 'Low review rating' },
  lowRating: /*i18n*/ {
    id: 'patientResponse.lowRating',
    message: '{patient} rated their visit {rating} out of 5.',
  },
  lowRatingComment: /*i18n*/ {
    id: 'patientResponse.lowRatingComment',
    message: '{patient} rated their visit {rating} out of 5: “{comment}”',
  },
  rescheduleTitle: /*i18n*/ { id: 'patientResponse.reschedule.title', message: 'Patient asks to reschedule' },
  reschedule: /*i18n*/ {
    id: 'patientResponse.reschedule',
    message: '{patient} asked to reschedule {procedure} on {when}. They were added to the waitlist.',
  },
  dateOutOfRange: /*i18n*/ {
    id: 'patientResponse.dateOutOfRange',
    message: '{field} must be between {from} and {to}',
  },
  slotTaken: /*i18n*/ {
    id: 'patientResponse.slotTaken',
    message: 'Sorry, that time was just taken. Please choose another one.',
  },
} as const satisfies Record<string, Text>;

const T = PATIENT_RESPONSE_TEXTS;

/** A rating at or under LOW_RATING_MAX, for the practice manager; the comment is what they most need. */
export function lowRatingNotification(review: {
  patientName: string;
  rating: number;
  comment: string | null;
}): NewNotification {
  const values = { patient: review.patientName, rating: review.rating, comment: review.comment ?? '' };
  return {
    type: 'review_low_rating',
    title: T.lowRatingTitle.message,
    message: fill(review.comment ? T.lowRatingComment : T.lowRating, values),
    link: '/practice-manager',
    priority: 'high',
    patientName: review.patientName,
  };
}

/** A patient answered a confirmation request by asking for another time: they now wait on the waitlist. */
export function rescheduleRequestNotification(
  request: { patientName: string; procedure: string; appointmentDate: string },
  timeZone: string,
): NewNotification {
  return {
    type: 'reschedule_requested',
    title: T.rescheduleTitle.message,
    message: fill(T.reschedule, {
      patient: request.patientName,
      procedure: request.procedure,
      when: formatInstantShort(request.appointmentDate, timeZone, SOURCE_LANGUAGE),
    }),
    link: '/waitlist',
    priority: 'high',
    patientName: request.patientName,
  };
}
