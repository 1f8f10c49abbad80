import { DUPLICATE_PATIENT_TITLE } from '@dental/domain/patients/duplicates';
import { formatPhone } from '@dental/domain/patients/phone';
import type { LocalPatient } from '@dental/local-store';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';

interface Props {
  existing: LocalPatient;
  onOpen(): void;
  onContinue(): void;
}

/** Spec 7's duplicate rule, checked on the device before the server would refuse the create. */
export function DuplicateNotice({ existing, onOpen, onContinue }: Props) {
  const born = existing.dateOfBirth ? `born ${existing.dateOfBirth}` : null;
  const details = [born, formatPhone(existing.phone)].filter(Boolean).join(' · ');
  return (
    <Alert color="yellow" icon={<IconUsers aria-hidden="true" />} title={DUPLICATE_PATIENT_TITLE}>
      <Text size="sm">
        {existing.firstName} {existing.lastName}
        {details ? ` (${details})` : ''} has the same name and date of birth, or the same phone and last name.
      </Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" onClick={onOpen}>
          Open existing patient
        </Button>
        <Button size="xs" variant="default" onClick={onContinue}>
          This is someone else
        </Button>
      </Group>
    </Alert>
  );
}
