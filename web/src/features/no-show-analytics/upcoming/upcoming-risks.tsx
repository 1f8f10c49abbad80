import { addDays } from '@dental/domain/scheduling/booking-rules';
import { NO_SHOW_RISK_LEVEL_TEXTS, type NoShowRisk } from '@dental/domain/scheduling/no-show-risk';
import type { LocalAppointment } from '@dental/local-store';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Center, Group, Loader, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { say } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { NoShowRiskReasons, practiceToday, useNoShowRisks } from '../../scheduling/index.ts';

/** A week ahead: the appointments the front desk can still call about. */
const DAYS_AHEAD = 7;
const LEVEL_COLOURS = { low: 'gray', medium: 'orange', high: 'red' } as const;
const LEVEL_LABELS = { low: msg`Low`, medium: msg`Medium`, high: msg`High` } as const;
const NO_APPOINTMENTS: LocalAppointment[] = [];

type Shown = 'risky' | 'all';

/** The next week's scheduled appointments with their no-show risk, computed on this device, so it works offline. */
export function UpcomingRisks() {
  const { t, i18n } = useLingui();
  const { store, timezone } = useLocalData();
  const { instantShort } = useFormats();
  const [shown, setShown] = useState<Shown>('risky');
  const today = practiceToday(timezone);
  const appointments = useLiveQuery(
    async () => (store ? store.appointments.between(today, addDays(today, DAYS_AHEAD - 1)) : NO_APPOINTMENTS),
    [store, today],
  );
  const risks = useNoShowRisks(appointments ?? NO_APPOINTMENTS, today, timezone);
  const rows = useMemo(() => {
    const byId = new Map((appointments ?? NO_APPOINTMENTS).map((appointment) => [appointment.id, appointment]));
    const listed: { appointment: LocalAppointment; risk: NoShowRisk }[] = [];
    for (const [id, risk] of risks) {
      const appointment = byId.get(id);
      if (appointment && (shown === 'all' || risk.level !== 'low')) listed.push({ appointment, risk });
    }
    return listed.sort(
      (a, b) =>
        b.risk.score - a.risk.score || a.appointment.appointmentDate.localeCompare(b.appointment.appointmentDate),
    );
  }, [appointments, risks, shown]);

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          <Trans>No-show risk of the next 7 days</Trans>
        </Title>
        <SegmentedControl
          size="xs"
          value={shown}
          onChange={(value) => setShown(value === 'all' ? 'all' : 'risky')}
          aria-label={t`Appointments shown`}
          data={[
            { value: 'risky', label: t`Medium and high` },
            { value: 'all', label: t`All` },
          ]}
        />
      </Group>
      {appointments === undefined ? (
        <Center py="md">
          <Loader size="sm" aria-label={t`Loading upcoming appointments`} />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No upcoming appointment has a medium or high no-show risk.</Trans>
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="upcoming-risks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Appointment</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Patient</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Risk</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Reasons</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ appointment, risk }) => (
              <Table.Tr key={appointment.id} data-level={risk.level}>
                <Table.Td>
                  <Text size="sm">{instantShort(appointment.appointmentDate, timezone)}</Text>
                  <Text size="xs" c="dimmed">
                    {`${appointment.procedure} · ${appointment.providerName}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    size="sm"
                    renderRoot={(props) => (
                      <Link {...props} to="/patients/$id" params={{ id: appointment.patientId }} />
                    )}
                  >
                    {appointment.patientName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={LEVEL_COLOURS[risk.level]}
                    variant="light"
                    title={say(NO_SHOW_RISK_LEVEL_TEXTS[risk.level])}
                  >
                    {`${i18n._(LEVEL_LABELS[risk.level])} · ${risk.score}`}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <NoShowRiskReasons risk={risk} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
