import type { LocalAppointment } from '@dental/local-store';
import { Trans } from '@lingui/react/macro';
import { Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useFormats } from '../../platform/i18n/formats.ts';

/** How many rows a card lists before it sends the reader to the full list. */
export const ROWS_SHOWN = 6;

interface CardProps {
  id: string;
  title: ReactNode;
  /** Undefined while the card's data is still arriving on this device. */
  count: number | undefined;
  /** Shown when the count is 0. */
  empty: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  tone?: 'alert' | 'default';
}

/** One section of the dashboard: a titled card with its count, its rows, and where to go for the rest. */
export function DashboardCard({ id, title, count, empty, children, footer, tone = 'default' }: CardProps) {
  const more = count !== undefined && count > ROWS_SHOWN ? count - ROWS_SHOWN : 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h5" id={`${id}-title`}>
            {title}
          </Title>
          {count !== undefined && (
            <Badge
              variant={count > 0 && tone === 'alert' ? 'filled' : 'light'}
              color={count > 0 && tone === 'alert' ? 'red.9' : 'gray'}
              data-testid={`${id}-count`}
            >
              {count}
            </Badge>
          )}
        </Group>
        {count === undefined ? (
          <Group gap="xs" c="dimmed">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">
              <Trans>Arriving on this device…</Trans>
            </Text>
          </Group>
        ) : count === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {children}
          </Stack>
        )}
        {(more > 0 || footer) && (
          <Group justify="space-between" mt="auto" pt={4} gap="xs">
            {more > 0 ? (
              <Text size="xs" c="dimmed">
                <Trans>and {more} more</Trans>
              </Text>
            ) : (
              <span />
            )}
            {footer}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** A row of a card: a line that names the item, a dimmed line of details, and what can be done. */
export function Row({
  testId,
  id,
  title,
  details,
  side,
}: {
  testId: string;
  id: string;
  title: ReactNode;
  details?: ReactNode;
  side?: ReactNode;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid={testId}
      data-id={id}
    >
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {title}
        </Text>
        {details && (
          <Text size="xs" c="dimmed" truncate>
            {details}
          </Text>
        )}
      </div>
      {side && (
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {side}
        </Group>
      )}
    </Group>
  );
}

/** The schedule of one practice day. */
export function ScheduleLink({ date, children }: { date: string; children: ReactNode }) {
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/scheduling" search={{ date }} />} size="xs">
      {children}
    </Anchor>
  );
}

/** The patient's name, a link to their record for those who may open it. */
export function PatientLink({ id, name, linked }: { id: string; name: string; linked: boolean }) {
  if (!linked) return <>{name}</>;
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/patients/$id" params={{ id }} />} inherit>
      {name}
    </Anchor>
  );
}

/**
 * An appointment as a row: its time (a link to its day on the schedule), the patient, then procedure,
 * provider and room.
 */
export function AppointmentRow({
  testId,
  appointment,
  date,
  timeZone,
  patientsLinked,
  extra,
  side,
}: {
  testId: string;
  appointment: LocalAppointment;
  date: string;
  timeZone: string;
  patientsLinked: boolean;
  extra?: ReactNode;
  side?: ReactNode;
}) {
  const { instantTime } = useFormats();
  return (
    <Row
      testId={testId}
      id={appointment.id}
      title={
        <>
          <Anchor
            renderRoot={(props) => <Link {...props} to="/scheduling" search={{ date }} />}
            inherit
            c="var(--mantine-color-text)"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {instantTime(appointment.appointmentDate, timeZone)}
          </Anchor>
          {' · '}
          <PatientLink id={appointment.patientId} name={appointment.patientName} linked={patientsLinked} />
        </>
      }
      details={
        <>
          {extra}
          {[appointment.procedure, appointment.providerName, appointment.treatmentRoom].filter(Boolean).join(' · ')}
        </>
      }
      side={side}
    />
  );
}
