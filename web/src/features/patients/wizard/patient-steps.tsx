import { COMMUNICATION_PREFERENCES } from '@dental/domain/patients/patient.schema';
import { formatPhone } from '@dental/domain/patients/phone';
import { formatPostalCode, POSTAL_CODE_MAX_LENGTH } from '@dental/domain/patients/postal-code';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Autocomplete, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconLock } from '@tabler/icons-react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { suggestCities } from './canadian-cities.ts';
import { type FieldErrors, PROVINCE_OPTIONS, type WizardValues } from './wizard-values.ts';

/** A field's message (the shared schema's, or a booking rule's) in the language shown. */
export function shown(message: string | undefined): string | undefined {
  return message ? domainText(message) : undefined;
}

export interface StepProps {
  values: WizardValues;
  errors: FieldErrors;
  set<K extends keyof WizardValues>(field: K, value: WizardValues[K]): void;
}

/** Spec 5: phones show as (xxx) xxx-xxxx, at most 17 characters typed. */
const PHONE_MAX_LENGTH = 17;

const PREFERENCE_LABELS: Record<(typeof COMMUNICATION_PREFERENCES)[number], MessageDescriptor> = {
  email: msg`Email`,
  phone: msg`Phone call`,
  sms: msg`Text message (SMS)`,
  portal: msg`Patient portal`,
};

export function PersonalStep({ values, errors, set }: StepProps) {
  const { t } = useLingui();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t`First name`}
          required
          data-autofocus
          value={values.firstName}
          error={shown(errors.firstName)}
          onChange={(event) => set('firstName', event.currentTarget.value)}
        />
        <TextInput
          label={t`Last name`}
          required
          value={values.lastName}
          error={shown(errors.lastName)}
          onChange={(event) => set('lastName', event.currentTarget.value)}
        />
      </SimpleGrid>
      <DateInput
        label={t`Date of birth`}
        placeholder={t`YYYY-MM-DD`}
        valueFormat="YYYY-MM-DD"
        // Birth dates are typed more often than picked; the picker opens on the decade view.
        defaultLevel="decade"
        maxDate={new Date()}
        clearable
        value={values.dateOfBirth || null}
        error={shown(errors.dateOfBirth)}
        onChange={(value) => set('dateOfBirth', value ? value.slice(0, 10) : '')}
        popoverProps={{ withinPortal: true }}
      />
    </Stack>
  );
}

export function ContactStep({ values, errors, set }: StepProps) {
  const { t } = useLingui();
  const suggestions = suggestCities(values.city);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t`Phone`}
          type="tel"
          required
          maxLength={PHONE_MAX_LENGTH}
          placeholder="(416) 555-0142"
          value={values.phone}
          error={shown(errors.phone)}
          onChange={(event) => set('phone', event.currentTarget.value)}
          onBlur={() => set('phone', formatPhone(values.phone))}
        />
        <TextInput
          label={t`Email`}
          type="email"
          value={values.email}
          error={shown(errors.email)}
          onChange={(event) => set('email', event.currentTarget.value)}
        />
      </SimpleGrid>
      <TextInput
        label={t`Street address`}
        value={values.address}
        error={shown(errors.address)}
        onChange={(event) => set('address', event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Autocomplete
          label={t`City`}
          description={t`Suggestions from Canadian cities`}
          value={values.city}
          error={shown(errors.city)}
          data={suggestions.map((entry) => `${entry.city}, ${entry.province}`)}
          filter={({ options }) => options}
          onChange={(value) => {
            const chosen = suggestions.find((entry) => `${entry.city}, ${entry.province}` === value);
            if (chosen) {
              set('city', chosen.city);
              set('province', chosen.province);
            } else {
              set('city', value);
            }
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t`Province`}
          description={t`Two-letter code`}
          data={PROVINCE_OPTIONS}
          clearable
          value={values.province || null}
          error={shown(errors.province)}
          onChange={(value) => set('province', value ?? '')}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t`Postal code`}
          description={t`Such as M5V 2T6`}
          maxLength={POSTAL_CODE_MAX_LENGTH}
          value={values.zipCode}
          error={shown(errors.zipCode)}
          onChange={(event) => set('zipCode', formatPostalCode(event.currentTarget.value))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t`Emergency contact`}
          value={values.emergencyContact}
          error={shown(errors.emergencyContact)}
          onChange={(event) => set('emergencyContact', event.currentTarget.value)}
        />
        <TextInput
          label={t`Emergency phone`}
          type="tel"
          maxLength={PHONE_MAX_LENGTH}
          value={values.emergencyPhone}
          error={shown(errors.emergencyPhone)}
          onChange={(event) => set('emergencyPhone', event.currentTarget.value)}
          onBlur={() => set('emergencyPhone', formatPhone(values.emergencyPhone))}
        />
      </SimpleGrid>
    </Stack>
  );
}

export const MEDICAL_LOCKED_TITLE = msg`A clinician completes the medical history`;
export const MEDICAL_LOCKED_TEXT = msg`Allergies, conditions and medications need the medical history permission, so a dentist or hygienist records them from the patient's page. You can still choose how the patient prefers to be contacted.`;

/** Without patients.medical_history the clinical lists are not offered: the server would refuse them. */
export function MedicalStep({ values, errors, set, canRecordMedical }: StepProps & { canRecordMedical: boolean }) {
  const { t, i18n } = useLingui();
  const list = (field: 'conditions' | 'medications' | 'allergies', label: string, placeholder: string) => (
    <Textarea
      label={label}
      description={t`Separate entries with commas or new lines`}
      placeholder={placeholder}
      autosize
      minRows={2}
      value={values[field]}
      error={shown(errors[field])}
      onChange={(event) => set(field, event.currentTarget.value)}
    />
  );
  return (
    <Stack gap="sm">
      {canRecordMedical ? (
        <>
          {list('allergies', t`Allergies`, t`Penicillin, latex`)}
          {list('conditions', t`Medical conditions`, t`Diabetes, hypertension`)}
          {list('medications', t`Medications`, t`Metformin 500 mg`)}
        </>
      ) : (
        <Alert color="gray" icon={<IconLock size={18} />} title={i18n._(MEDICAL_LOCKED_TITLE)}>
          {i18n._(MEDICAL_LOCKED_TEXT)}
        </Alert>
      )}
      <Select
        label={t`Communication preference`}
        data={COMMUNICATION_PREFERENCES.map((value) => ({ value, label: i18n._(PREFERENCE_LABELS[value]) }))}
        value={values.communicationPreference}
        error={shown(errors.communicationPreference)}
        onChange={(value) => {
          const chosen = COMMUNICATION_PREFERENCES.find((preference) => preference === value);
          if (chosen) set('communicationPreference', chosen);
        }}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
