import { CHECKOUT } from '@dental/domain/constants';
import type { Insertable } from 'kysely';
import type { FormTemplatesTable, RecallTypesTable } from '../db/schema.ts';
import type { PracticeSeed } from './practices.ts';

type FieldType = 'text' | 'email' | 'tel' | 'date' | 'textarea' | 'checkbox' | 'select' | 'signature';

interface FormField {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  options?: readonly string[];
}

interface FormTemplate {
  title: string;
  description: string;
  category: 'registration' | 'medical' | 'consent' | 'financial' | 'privacy' | 'screening';
  fields: readonly FormField[];
}

const field = (name: string, label: string, type: FieldType, required = true): FormField => ({
  name,
  label,
  type,
  required,
});
const yesNo = (name: string, label: string): FormField => ({
  name,
  label,
  type: 'select',
  required: true,
  options: ['Yes', 'No'],
});
const signature = [field('signature', 'Signature', 'signature'), field('signedOn', 'Date', 'date')];

const TEMPLATES: readonly FormTemplate[] = [
  {
    title: 'New Patient Registration',
    description: 'Contact details, address and insurance for patients on their first visit.',
    category: 'registration',
    fields: [
      field('fullName', 'Full name', 'text'),
      field('dateOfBirth', 'Date of birth', 'date'),
      field('phone', 'Phone', 'tel'),
      field('email', 'Email', 'email', false),
      field('address', 'Street address', 'text'),
      field('city', 'City', 'text'),
      field('postalCode', 'Postal code', 'text'),
      field('emergencyContact', 'Emergency contact', 'text', false),
      field('insuranceProvider', 'Insurance provider', 'text', false),
      field('policyNumber', 'Policy number', 'text', false),
    ],
  },
  {
    title: 'Medical History Questionnaire',
    description: 'Conditions, medications and allergies the dental team must know before treatment.',
    category: 'medical',
    fields: [
      field('conditions', 'Current medical conditions', 'textarea', false),
      field('medications', 'Medications and supplements', 'textarea', false),
      field('allergies', 'Allergies (medications, latex, foods)', 'textarea', false),
      yesNo('bloodThinners', 'Do you take blood thinners?'),
      yesNo('pregnant', 'Are you pregnant or nursing?'),
      yesNo('premedication', 'Has a physician advised antibiotics before dental treatment?'),
      field('physician', 'Family physician', 'text', false),
    ],
  },
  {
    title: 'Dental Health History',
    description: 'Previous dental care, current concerns and habits.',
    category: 'medical',
    fields: [
      field('lastVisit', 'Date of last dental visit', 'date', false),
      field('reasonForVisit', 'Reason for today’s visit', 'textarea'),
      yesNo('sensitivity', 'Sensitivity to hot or cold?'),
      yesNo('bleedingGums', 'Do your gums bleed when brushing?'),
      yesNo('grinding', 'Do you clench or grind your teeth?'),
      {
        name: 'anxiety',
        label: 'How anxious are you about dental visits?',
        type: 'select',
        required: false,
        options: ['Not at all', 'A little', 'Very'],
      },
    ],
  },
  {
    title: 'Consent for Treatment',
    description: 'Informed consent to the proposed treatment, its risks and alternatives.',
    category: 'consent',
    fields: [
      field('treatment', 'Proposed treatment', 'textarea'),
      field('risksExplained', 'The risks, benefits and alternatives were explained to me', 'checkbox'),
      field('questionsAnswered', 'My questions were answered', 'checkbox'),
      ...signature,
    ],
  },
  {
    title: 'Financial Policy Agreement',
    description: 'Payment terms, insurance assignment and missed-appointment fees.',
    category: 'financial',
    fields: [
      field('paymentResponsibility', 'I am responsible for any balance insurance does not cover', 'checkbox'),
      field('assignBenefits', 'Assign insurance benefits directly to the clinic', 'checkbox', false),
      field('missedAppointmentFee', 'I understand the 24-hour cancellation policy', 'checkbox'),
      ...signature,
    ],
  },
  {
    title: 'Privacy Consent (PIPEDA)',
    description: 'Consent to collect, use and disclose personal health information under PIPEDA.',
    category: 'privacy',
    fields: [
      field('collectionConsent', 'I consent to the collection and use of my personal information', 'checkbox'),
      field('insurerDisclosure', 'The clinic may share treatment details with my insurer', 'checkbox', false),
      field('reminderConsent', 'Send appointment reminders by email or text', 'checkbox', false),
      ...signature,
    ],
  },
  {
    title: 'COVID-19 Screening',
    description: 'Symptom screening completed before each visit.',
    category: 'screening',
    fields: [
      yesNo('symptoms', 'Fever, new cough or shortness of breath?'),
      yesNo('exposure', 'Close contact with a confirmed case in the last 10 days?'),
      yesNo('travel', 'Travel outside Canada in the last 14 days?'),
      field('screenedOn', 'Date', 'date'),
    ],
  },
  {
    title: 'Orthodontic Intake',
    description: 'Concerns and history for patients starting orthodontic treatment.',
    category: 'registration',
    fields: [
      field('concerns', 'What would you like to change about your smile?', 'textarea'),
      yesNo('previousOrthodontics', 'Have you had braces or aligners before?'),
      yesNo('jawPain', 'Jaw pain or clicking?'),
      field('referringDentist', 'Referring dentist', 'text', false),
      ...signature,
    ],
  },
];

/** Smaller practices have not set up every form yet. */
const TEMPLATE_COUNT: Record<number, number> = { 1: 8, 2: 7, 3: 6 };

export function formTemplateRows(practices: readonly PracticeSeed[]): Insertable<FormTemplatesTable>[] {
  return practices.flatMap((practice) =>
    TEMPLATES.slice(0, TEMPLATE_COUNT[practice.id] ?? TEMPLATES.length).map((template) => ({
      practice_id: practice.id,
      title: template.title,
      description: template.description,
      category: template.category,
      fields: JSON.stringify(template.fields),
    })),
  );
}

const RECALL_NAMES: Record<(typeof CHECKOUT.recallPresets)[number]['key'], { name: string; procedure: string }> = {
  cleaning: { name: 'Cleaning', procedure: 'Cleaning' },
  'follow-up': { name: 'Follow-up', procedure: 'Check-up' },
  fluoride: { name: 'Fluoride', procedure: 'Fluoride treatment' },
  xray: { name: 'X-ray', procedure: 'X-rays' },
};

export function recallTypeRows(practices: readonly PracticeSeed[]): Insertable<RecallTypesTable>[] {
  const types = [
    ...CHECKOUT.recallPresets.map((preset) => ({
      ...RECALL_NAMES[preset.key],
      interval_months: preset.months,
      interval_weeks: preset.weeks,
      default_priority: preset.priority,
    })),
    {
      name: 'Periodontal maintenance',
      procedure: 'Periodontal maintenance',
      interval_months: 3,
      interval_weeks: 0,
      default_priority: 'high',
    },
  ];
  return practices.flatMap((practice) => types.map((type) => ({ practice_id: practice.id, ...type })));
}
