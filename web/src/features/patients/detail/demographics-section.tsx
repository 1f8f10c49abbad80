import '@mantine/dates/styles.css';
import { PROVINCES } from '@dental/domain/constants';
import { formatPhone } from '@dental/domain/patients/phone';
import { formatPostalCode, POSTAL_CODE_MAX_LENGTH } from '@dental/domain/patients/postal-code';
import { PATIENT_LANGUAGES, type PatientLanguage } from '@dental/domain/public/public-token';
import { CommandValidationError, type LocalPatient, type PatientChanges } from '@dental/local-store';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { type FormEvent, useState } from 'react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';

const FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'phone',
  'email',
  'address',
  'city',
  'province',
  'zipCode',
  'emergencyContact',
  'emergencyPhone',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const LABELS: Record<Field, MessageDescriptor> = {
  firstName: msg`First name`,
  lastName: msg`Last name`,
  dateOfBirth: msg`Date of birth`,
  phone: msg`Phone`,
  email: msg`Email`,
  address: msg`Street address`,
  city: msg`City`,
  province: msg`Province`,
  zipCode: msg`Postal code`,
  emergencyContact: msg`Emergency contact`,
  emergencyPhone: msg`Emergency phone`,
};

/** Each language in its own words, as patients choose it. */
const LANGUAGE_NAMES: Record<PatientLanguage, MessageDescriptor> = { en: msg`English`, fr: msg`Français` };

/** How the practice writes to the patient: their language (absent is English) and CASL consent (absent is none). */
interface Contact {
  preferredLanguage: PatientLanguage;
  commercialConsent: boolean;
}

function contactOf(patient: LocalPatient): Contact {
  return {
    preferredLanguage: patient.medicalHistory.preferredLanguage ?? 'en',
    commercialConsent: patient.medicalHistory.commercialConsent ?? false,
  };
}

/** Spec 5: phones are typed as (xxx) xxx-xxxx, at most 17 characters. */
const PHONE_MAX_LENGTH = 17;

function valuesOf(patient: LocalPatient): Values {
  const phones = { phone: formatPhone(patient.phone), emergencyPhone: formatPhone(patient.emergencyPhone) };
  return Object.fromEntries(
    FIELDS.map((field) => [field, field in phones ? phones[field as keyof typeof phones] : (patient[field] ?? '')]),
  ) as Values;
}

function shown(field: Field, patient: LocalPatient): string {
  if (field === 'phone' || field === 'emergencyPhone') return formatPhone(patient[field]) || '—';
  if (field === 'dateOfBirth') return patient.dateOfBirth?.slice(0, 10) ?? '—';
  return patient[field] || '—';
}

export function DemographicsSection(props: {
  patient: LocalPatient;
  editing: boolean;
  canEdit: boolean;
  onEditingChange(editing: boolean): void;
}) {
  const { t, i18n } = useLingui();
  const { patient, editing } = props;
  if (!editing) {
    return (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          {FIELDS.map((field) => (
            <div key={field}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {i18n._(LABELS[field])}
              </Text>
              <Text size="sm">
                {field === 'address' && !patient.address ? t`Address not available` : shown(field, patient)}
              </Text>
            </div>
          ))}
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              <Trans>Language for messages</Trans>
            </Text>
            <Text size="sm">{i18n._(LANGUAGE_NAMES[contactOf(patient).preferredLanguage])}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              <Trans>Promotional messages (CASL)</Trans>
            </Text>
            <Text size="sm">{contactOf(patient).commercialConsent ? t`Agrees` : t`No consent`}</Text>
          </div>
        </SimpleGrid>
        {props.canEdit && (
          <Group>
            <Button variant="light" onClick={() => props.onEditingChange(true)}>
              <Trans>Edit details</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return <EditForm patient={patient} onDone={() => props.onEditingChange(false)} />;
}

/** A message the shared schema wrote, in the language shown. */
function shownError(message: string | undefined): string | undefined {
  return message ? domainText(message) : undefined;
}

function EditForm({ patient, onDone }: { patient: LocalPatient; onDone(): void }) {
  const { t, i18n } = useLingui();
  const local = useLocalData();
  const [initial] = useState(() => valuesOf(patient));
  const [values, setValues] = useState(initial);
  const [initialContact] = useState(() => contactOf(patient));
  const [contact, setContact] = useState(initialContact);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!local.store) return;
    const changes: PatientChanges = {};
    for (const field of FIELDS) {
      if (values[field] === initial[field]) continue;
      const value = values[field].trim();
      // Required names and phone go as typed so the shared schema words the error; the rest clear to null.
      Object.assign(changes, {
        [field]: field === 'firstName' || field === 'lastName' || field === 'phone' ? value : value || null,
      });
    }
    // Only what changed: the rest of the history may be a section this user may not change.
    const history: Partial<Contact> = {};
    if (contact.preferredLanguage !== initialContact.preferredLanguage) {
      history.preferredLanguage = contact.preferredLanguage;
    }
    if (contact.commercialConsent !== initialContact.commercialConsent) {
      history.commercialConsent = contact.commercialConsent;
    }
    if (Object.keys(history).length > 0) changes.medicalHistory = history;
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    setBusy(true);
    try {
      await local.store.patients.update(patient.id, changes);
      local.afterWrite();
      const { firstName, lastName } = values;
      toast(t`Patient updated`, t`${firstName} ${lastName}’s details were saved.`, 'success');
      onDone();
    } catch (error) {
      if (error instanceof CommandValidationError) {
        const byField: Partial<Record<Field, string>> = {};
        const other: string[] = [];
        for (const issue of error.issues) {
          const field = FIELDS.find((candidate) => candidate === issue.field);
          if (field) byField[field] ??= issue.message;
          else other.push(issue.message);
        }
        setErrors(byField);
        setProblem(other[0] ?? null);
      } else {
        setProblem(error instanceof Error ? error.message : t`The changes could not be saved.`);
      }
    } finally {
      setBusy(false);
    }
  }

  const input = (field: Field, extra: { type?: string; maxLength?: number; required?: boolean } = {}) => (
    <TextInput
      label={i18n._(LABELS[field])}
      value={values[field]}
      error={shownError(errors[field])}
      type={extra.type}
      maxLength={extra.maxLength}
      required={extra.required}
      onChange={(event) => set(field, event.currentTarget.value)}
    />
  );

  return (
    <form onSubmit={save} noValidate aria-label={t`Edit patient details`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {input('firstName', { required: true })}
          {input('lastName', { required: true })}
          <DateInput
            label={i18n._(LABELS.dateOfBirth)}
            valueFormat="YYYY-MM-DD"
            clearable
            clearButtonProps={{ 'aria-label': t`Clear date of birth` }}
            maxDate={new Date()}
            value={values.dateOfBirth || null}
            error={shownError(errors.dateOfBirth)}
            onChange={(value) => set('dateOfBirth', value ? value.slice(0, 10) : '')}
            popoverProps={{ withinPortal: true }}
          />
          {input('phone', { type: 'tel', maxLength: PHONE_MAX_LENGTH, required: true })}
          {input('email', { type: 'email' })}
          {input('address')}
          {input('city')}
          <Select
            label={i18n._(LABELS.province)}
            data={[...PROVINCES]}
            clearable
            value={values.province || null}
            error={shownError(errors.province)}
            onChange={(value) => set('province', value ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={i18n._(LABELS.zipCode)}
            maxLength={POSTAL_CODE_MAX_LENGTH}
            value={values.zipCode}
            error={shownError(errors.zipCode)}
            onChange={(event) => set('zipCode', formatPostalCode(event.currentTarget.value))}
          />
          {input('emergencyContact')}
          {input('emergencyPhone', { type: 'tel', maxLength: PHONE_MAX_LENGTH })}
          <Select
            label={t`Language for messages`}
            data={PATIENT_LANGUAGES.map((language) => ({ value: language, label: i18n._(LANGUAGE_NAMES[language]) }))}
            value={contact.preferredLanguage}
            allowDeselect={false}
            onChange={(value) =>
              value && setContact((current) => ({ ...current, preferredLanguage: value as PatientLanguage }))
            }
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Checkbox
          label={t`Agrees to promotional messages (CASL)`}
          description={t`Reminders, confirmations and forms are sent without it; offers and newsletters need it.`}
          checked={contact.commercialConsent}
          onChange={(event) => {
            const commercialConsent = event.currentTarget.checked;
            setContact((current) => ({ ...current, commercialConsent }));
          }}
        />
        {problem && <Alert color="red">{domainText(problem)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            <Trans>Save changes</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
