import { CHECKOUT } from '@dental/domain/constants';
import type { Insertable } from 'kysely';
import type { FormTemplatesTable, RecallTypesTable } from '../db/schema.ts';
import type { PracticeSeed } from './practices.ts';

type FieldType = 'text' | 'email' | 'tel' | 'date' | 'textarea' | 'checkbox' | 'select' | 'signature';

/** As stored in form_templates.fields; the French texts serve patients whose language is French. */
interface FormField {
  name: string;
  label: string;
  labelFr: string;
  type: FieldType;
  required: boolean;
  options?: readonly string[];
  optionLabelsFr?: readonly string[];
}

interface FormTemplate {
  title: string;
  titleFr: string;
  description: string;
  category: 'registration' | 'medical' | 'consent' | 'financial' | 'privacy' | 'screening';
  fields: readonly FormField[];
}

const field = (name: string, [label, labelFr]: Labels, type: FieldType, required = true): FormField => ({
  name,
  label,
  labelFr,
  type,
  required,
});
const yesNo = (name: string, [label, labelFr]: Labels): FormField => ({
  name,
  label,
  labelFr,
  type: 'select',
  required: true,
  options: ['Yes', 'No'],
  optionLabelsFr: ['Oui', 'Non'],
});
/** A label in English and in French. */
type Labels = readonly [string, string];
const signature = [
  field('signature', ['Signature', 'Signature'], 'signature'),
  field('signedOn', ['Date', 'Date'], 'date'),
];

const TEMPLATES: readonly FormTemplate[] = [
  {
    title: 'New Patient Registration',
    titleFr: 'Inscription d’un nouveau patient',
    description: 'Contact details, address and insurance for patients on their first visit.',
    category: 'registration',
    fields: [
      field('fullName', ['Full name', 'Nom complet'], 'text'),
      field('dateOfBirth', ['Date of birth', 'Date de naissance'], 'date'),
      field('phone', ['Phone', 'Téléphone'], 'tel'),
      field('email', ['Email', 'Courriel'], 'email', false),
      field('address', ['Street address', 'Adresse'], 'text'),
      field('city', ['City', 'Ville'], 'text'),
      field('postalCode', ['Postal code', 'Code postal'], 'text'),
      field('emergencyContact', ['Emergency contact', 'Personne à joindre en cas d’urgence'], 'text', false),
      field('insuranceProvider', ['Insurance provider', 'Assureur'], 'text', false),
      field('policyNumber', ['Policy number', 'Numéro de police'], 'text', false),
    ],
  },
  {
    title: 'Medical History Questionnaire',
    titleFr: 'Questionnaire sur les antécédents médicaux',
    description: 'Conditions, medications and allergies the dental team must know before treatment.',
    category: 'medical',
    fields: [
      field('conditions', ['Current medical conditions', 'Problèmes de santé actuels'], 'textarea', false),
      field('medications', ['Medications and supplements', 'Médicaments et suppléments'], 'textarea', false),
      field(
        'allergies',
        ['Allergies (medications, latex, foods)', 'Allergies (médicaments, latex, aliments)'],
        'textarea',
        false,
      ),
      yesNo('bloodThinners', ['Do you take blood thinners?', 'Prenez-vous des anticoagulants?']),
      yesNo('pregnant', ['Are you pregnant or nursing?', 'Êtes-vous enceinte ou allaitez-vous?']),
      yesNo('premedication', [
        'Has a physician advised antibiotics before dental treatment?',
        'Un médecin vous a-t-il conseillé des antibiotiques avant un traitement dentaire?',
      ]),
      field('physician', ['Family physician', 'Médecin de famille'], 'text', false),
    ],
  },
  {
    title: 'Dental Health History',
    titleFr: 'Antécédents de santé dentaire',
    description: 'Previous dental care, current concerns and habits.',
    category: 'medical',
    fields: [
      field('lastVisit', ['Date of last dental visit', 'Date de la dernière visite chez le dentiste'], 'date', false),
      field('reasonForVisit', ['Reason for today’s visit', 'Raison de la visite'], 'textarea'),
      yesNo('sensitivity', ['Sensitivity to hot or cold?', 'Sensibilité au chaud ou au froid?']),
      yesNo('bleedingGums', ['Do your gums bleed when brushing?', 'Vos gencives saignent-elles au brossage?']),
      yesNo('grinding', ['Do you clench or grind your teeth?', 'Serrez-vous ou grincez-vous des dents?']),
      {
        name: 'anxiety',
        label: 'How anxious are you about dental visits?',
        labelFr: 'Les visites chez le dentiste vous rendent-elles anxieux?',
        type: 'select',
        required: false,
        options: ['Not at all', 'A little', 'Very'],
        optionLabelsFr: ['Pas du tout', 'Un peu', 'Beaucoup'],
      },
    ],
  },
  {
    title: 'Consent for Treatment',
    titleFr: 'Consentement au traitement',
    description: 'Informed consent to the proposed treatment, its risks and alternatives.',
    category: 'consent',
    fields: [
      field('treatment', ['Proposed treatment', 'Traitement proposé'], 'textarea'),
      field(
        'risksExplained',
        [
          'The risks, benefits and alternatives were explained to me',
          'Les risques, les avantages et les solutions de rechange m’ont été expliqués',
        ],
        'checkbox',
      ),
      field('questionsAnswered', ['My questions were answered', 'On a répondu à mes questions'], 'checkbox'),
      ...signature,
    ],
  },
  {
    title: 'Financial Policy Agreement',
    titleFr: 'Entente sur la politique financière',
    description: 'Payment terms, insurance assignment and missed-appointment fees.',
    category: 'financial',
    fields: [
      field(
        'paymentResponsibility',
        [
          'I am responsible for any balance insurance does not cover',
          'Je suis responsable de tout solde non couvert par l’assurance',
        ],
        'checkbox',
      ),
      field(
        'assignBenefits',
        [
          'Assign insurance benefits directly to the clinic',
          'Verser les prestations d’assurance directement à la clinique',
        ],
        'checkbox',
        false,
      ),
      field(
        'missedAppointmentFee',
        ['I understand the 24-hour cancellation policy', 'Je comprends la politique d’annulation de 24 heures'],
        'checkbox',
      ),
      ...signature,
    ],
  },
  {
    title: 'Privacy Consent (PIPEDA)',
    titleFr: 'Consentement à la confidentialité (LPRPDE)',
    description: 'Consent to collect, use and disclose personal health information under PIPEDA.',
    category: 'privacy',
    fields: [
      field(
        'collectionConsent',
        [
          'I consent to the collection and use of my personal information',
          'Je consens à la collecte et à l’utilisation de mes renseignements personnels',
        ],
        'checkbox',
      ),
      field(
        'insurerDisclosure',
        [
          'The clinic may share treatment details with my insurer',
          'La clinique peut communiquer les détails du traitement à mon assureur',
        ],
        'checkbox',
        false,
      ),
      field(
        'reminderConsent',
        ['Send appointment reminders by email or text', 'M’envoyer des rappels de rendez-vous par courriel ou texto'],
        'checkbox',
        false,
      ),
      ...signature,
    ],
  },
  {
    title: 'COVID-19 Screening',
    titleFr: 'Dépistage de la COVID-19',
    description: 'Symptom screening completed before each visit.',
    category: 'screening',
    fields: [
      yesNo('symptoms', ['Fever, new cough or shortness of breath?', 'Fièvre, nouvelle toux ou essoufflement?']),
      yesNo('exposure', [
        'Close contact with a confirmed case in the last 10 days?',
        'Contact étroit avec un cas confirmé au cours des 10 derniers jours?',
      ]),
      yesNo('travel', [
        'Travel outside Canada in the last 14 days?',
        'Voyage à l’extérieur du Canada au cours des 14 derniers jours?',
      ]),
      field('screenedOn', ['Date', 'Date'], 'date'),
    ],
  },
  {
    title: 'Orthodontic Intake',
    titleFr: 'Admission en orthodontie',
    description: 'Concerns and history for patients starting orthodontic treatment.',
    category: 'registration',
    fields: [
      field(
        'concerns',
        ['What would you like to change about your smile?', 'Qu’aimeriez-vous changer à votre sourire?'],
        'textarea',
      ),
      yesNo('previousOrthodontics', [
        'Have you had braces or aligners before?',
        'Avez-vous déjà porté un appareil orthodontique ou des aligneurs?',
      ]),
      yesNo('jawPain', ['Jaw pain or clicking?', 'Douleur ou claquement de la mâchoire?']),
      field('referringDentist', ['Referring dentist', 'Dentiste référent'], 'text', false),
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
      title_fr: template.titleFr,
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
