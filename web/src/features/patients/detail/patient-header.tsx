import { ageOn } from '@dental/domain/patients/age';
import { formatPhone } from '@dental/domain/patients/phone';
import type { LocalPatient } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMail, IconPhone, IconStethoscope } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Provider } from '../../scheduling/index.ts';
import { NoShowBadge } from './no-show-badge.tsx';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

export function PatientHeader(props: {
  patient: LocalPatient;
  today: string;
  providers: readonly Provider[];
  actions: ReactNode;
}) {
  const { t } = useLingui();
  const { patient, today, providers } = props;
  const age = ageOn(patient.dateOfBirth, today);
  const provider = providers.find((candidate) => candidate.id === patient.preferredProviderId);
  const history = patient.medicalHistory;
  const hidden = patient.restricted.includes('medicalHistory');
  const allergies = history.allergies ?? [];
  const conditions = history.conditions ?? [];
  const born = patient.dateOfBirth?.slice(0, 10);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2}>
                {patient.firstName} {patient.lastName}
              </Title>
              {!patient.isActive && (
                <Badge color="gray" variant="filled">
                  <Trans>Inactive</Trans>
                </Badge>
              )}
              {patient.version === 0 ? (
                <Badge color="blue" variant="light">
                  <Trans>Not yet on the server</Trans>
                </Badge>
              ) : (
                <NoShowBadge patientId={patient.id} />
              )}
            </Group>
            <Group gap="lg" wrap="wrap">
              <Text size="sm" c="dimmed">
                {age === null ? t`Age not recorded` : t`${age} years`}
                {born ? ` · ${t`born ${born}`}` : ''}
              </Text>
              <Fact icon={<IconPhone size={16} aria-hidden="true" />}>{formatPhone(patient.phone)}</Fact>
              {patient.email && <Fact icon={<IconMail size={16} aria-hidden="true" />}>{patient.email}</Fact>}
              <Fact icon={<IconStethoscope size={16} aria-hidden="true" />}>
                {provider ? provider.name : t`No preferred provider`}
              </Fact>
            </Group>
          </Stack>
          <Group gap="xs">{props.actions}</Group>
        </Group>
        {!hidden && (allergies.length > 0 || conditions.length > 0) && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t`Medical alerts`}
            aria-label={t`Medical alerts`}
          >
            <Stack gap={4}>
              {allergies.length > 0 && (
                <Group gap="xs">
                  <Text size="sm" fw={700} c="red">
                    <Trans>Allergies:</Trans>
                  </Text>
                  {allergies.map((entry) => (
                    <Badge key={entry} color="red" variant="filled">
                      {entry}
                    </Badge>
                  ))}
                </Group>
              )}
              {conditions.length > 0 && (
                <Group gap="xs">
                  <Text size="sm" fw={700} c="red">
                    <Trans>Conditions:</Trans>
                  </Text>
                  {conditions.map((entry) => (
                    <Badge key={entry} color="red" variant="outline">
                      {entry}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
