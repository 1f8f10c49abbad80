import { DUPLICATE_PATIENT_TITLE } from '@dental/domain/patients/duplicates';
import { formatPhone } from '@dental/domain/patients/phone';
import type { LocalPatient } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { domainText } from '../../../platform/i18n/domain-text.ts';

interface Props {
  existing: LocalPatient;
  onOpen(): void;
  onContinue(): void;
}

/** Spec 7's duplicate rule, checked on the device before the server would refuse the create. */
export function DuplicateNotice({ existing, onOpen, onContinue }: Props) {
  const { t } = useLingui();
  const { firstName, lastName, dateOfBirth } = existing;
  const born = dateOfBirth ? t`born ${dateOfBirth}` : null;
  const details = [born, formatPhone(existing.phone)].filter(Boolean).join(' · ');
  const known = details ? ` (${details})` : '';
  return (
    <Alert color="yellow" icon={<IconUsers aria-hidden="true" />} title={domainText(DUPLICATE_PATIENT_TITLE)}>
      <Text size="sm">
        <Trans>
          {firstName} {lastName}
          {known} has the same name and date of birth, or the same phone and last name.
        </Trans>
      </Text>
      <Group gap="sm" mt="sm">
        <Button size="xs" onClick={onOpen}>
          <Trans>Open existing patient</Trans>
        </Button>
        <Button size="xs" variant="default" onClick={onContinue}>
          <Trans>This is someone else</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
