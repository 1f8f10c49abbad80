import { CommandValidationError } from '@dental/local-store/commands';
import { createPatient } from '@dental/local-store/patient-commands';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useLocalData } from '../offline/local-data.tsx';
import { toast } from '../toasts/toast.ts';

const EMPTY = { firstName: '', lastName: '', phone: '', email: '', dateOfBirth: '' };

/** Quick registration; it is saved on this device at once and sent to the server through the outbox. */
export function NewPatientForm({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const local = useLocalData();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = Object.values(values).some(Boolean);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!local.store || !local.key) return;
    try {
      const { patient } = await createPatient(local.store, local.key, {
        ...values,
        email: values.email || null,
        dateOfBirth: values.dateOfBirth || null,
      });
      local.afterWrite();
      toast('Patient saved', `${patient.firstName} ${patient.lastName} was added.`, 'success');
      setValues(EMPTY);
      setErrors({});
      onClose();
    } catch (error) {
      if (error instanceof CommandValidationError) {
        setErrors(Object.fromEntries(error.issues.map((issue) => [issue.field, issue.message])));
        return;
      }
      toast('Error Creating Patient', error instanceof Error ? error.message : undefined, 'error');
    }
  }

  const field = (name: keyof typeof EMPTY, label: string, extra: { type?: string; required?: boolean } = {}) => (
    <TextInput
      label={label}
      type={extra.type}
      required={extra.required}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title="New Patient" centered>
      <form onSubmit={submit} noValidate data-dirty={dirty ? 'true' : undefined}>
        <Stack gap="sm">
          {field('firstName', 'First name', { required: true })}
          {field('lastName', 'Last name', { required: true })}
          {field('phone', 'Phone', { type: 'tel', required: true })}
          {field('email', 'Email', { type: 'email' })}
          {field('dateOfBirth', 'Date of birth', { type: 'date' })}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Save patient</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
