import '@mantine/dates/styles.css';
import { PROVINCES } from '@dental/domain/constants';
import { formatPhone } from '@dental/domain/patients/phone';
import { formatPostalCode, POSTAL_CODE_MAX_LENGTH } from '@dental/domain/patients/postal-code';
import { CommandValidationError, type LocalPatient, type PatientChanges } from '@dental/local-store';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { type FormEvent, useState } from 'react';
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

const LABELS: Record<Field, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  phone: 'Phone',
  email: 'Email',
  address: 'Street address',
  city: 'City',
  province: 'Province',
  zipCode: 'Postal code',
  emergencyContact: 'Emergency contact',
  emergencyPhone: 'Emergency phone',
};

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
  const { patient, editing } = props;
  if (!editing) {
    return (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          {FIELDS.map((field) => (
            <div key={field}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {LABELS[field]}
              </Text>
              <Text size="sm">
                {field === 'address' && !patient.address ? 'Address not available' : shown(field, patient)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {props.canEdit && (
          <Group>
            <Button variant="light" onClick={() => props.onEditingChange(true)}>
              Edit details
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return <EditForm patient={patient} onDone={() => props.onEditingChange(false)} />;
}

function EditForm({ patient, onDone }: { patient: LocalPatient; onDone(): void }) {
  const local = useLocalData();
  const [initial] = useState(() => valuesOf(patient));
  const [values, setValues] = useState(initial);
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
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    setBusy(true);
    try {
      await local.store.patients.update(patient.id, changes);
      local.afterWrite();
      toast('Patient updated', `${values.firstName} ${values.lastName}’s details were saved.`, 'success');
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
        setProblem(error instanceof Error ? error.message : 'The changes could not be saved.');
      }
    } finally {
      setBusy(false);
    }
  }

  const input = (field: Field, extra: { type?: string; maxLength?: number; required?: boolean } = {}) => (
    <TextInput
      label={LABELS[field]}
      value={values[field]}
      error={errors[field]}
      type={extra.type}
      maxLength={extra.maxLength}
      required={extra.required}
      onChange={(event) => set(field, event.currentTarget.value)}
    />
  );

  return (
    <form onSubmit={save} noValidate aria-label="Edit patient details">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {input('firstName', { required: true })}
          {input('lastName', { required: true })}
          <DateInput
            label={LABELS.dateOfBirth}
            valueFormat="YYYY-MM-DD"
            clearable
            maxDate={new Date()}
            value={values.dateOfBirth || null}
            error={errors.dateOfBirth}
            onChange={(value) => set('dateOfBirth', value ? value.slice(0, 10) : '')}
            popoverProps={{ withinPortal: true }}
          />
          {input('phone', { type: 'tel', maxLength: PHONE_MAX_LENGTH, required: true })}
          {input('email', { type: 'email' })}
          {input('address')}
          {input('city')}
          <Select
            label={LABELS.province}
            data={[...PROVINCES]}
            clearable
            value={values.province || null}
            error={errors.province}
            onChange={(value) => set('province', value ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={LABELS.zipCode}
            maxLength={POSTAL_CODE_MAX_LENGTH}
            value={values.zipCode}
            error={errors.zipCode}
            onChange={(event) => set('zipCode', formatPostalCode(event.currentTarget.value))}
          />
          {input('emergencyContact')}
          {input('emergencyPhone', { type: 'tel', maxLength: PHONE_MAX_LENGTH })}
        </SimpleGrid>
        {problem && <Alert color="red">{problem}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
