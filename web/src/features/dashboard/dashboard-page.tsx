import { formatPhone } from '@dental/domain/patients/phone';
import { RECALL_PRIORITY_TEXTS } from '@dental/domain/patients/recall.schema';
import { can } from '@dental/domain/permissions/can';
import { fullName } from '@dental/domain/users/user';
import type { LocalAppointment } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarPlus, IconLogin2, IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText, sayValue } from '../../platform/i18n/domain-text.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import { landingDrawn } from '../../platform/offline/landing.ts';
import { LocalDataGate } from '../../platform/offline/local-data-gate.tsx';
import { NeedsAttentionDrawer } from '../../platform/offline/needs-attention.tsx';
import { useCurrentPractice } from '../../platform/practice/practice-queries.ts';
import { QuickCheckInDialog, WaitBadge } from '../front-desk/index.ts';
import { loadNewPatientWizard } from '../patients/index.ts';
import { requestBooking } from '../scheduling/index.ts';
import { AppointmentRow, DashboardCard, PatientLink, ROWS_SHOWN, Row, ScheduleLink } from './dashboard-card.tsx';
import { useFrontOffice } from './use-front-office.ts';

const NewPatientWizard = lazy(() => loadNewPatientWizard().then((m) => ({ default: m.NewPatientWizard })));

function Welcome() {
  const { user } = useAuth();
  const { instantLongDate } = useFormats();
  const { data: practice, timezone } = useCurrentPractice();
  if (!user) return null;
  const name = fullName(user);
  return (
    <div>
      <Title order={1} size="h2">
        <Trans>Welcome, {name}</Trans>
      </Title>
      <Text c="dimmed">
        {practice ? `${practice.name} · ${practice.city}, ${practice.province} · ` : ''}
        {instantLongDate(new Date(), timezone)}
      </Text>
    </div>
  );
}

/**
 * The receptionist's morning screen: today's arrivals, waits, late patients and no-shows, tomorrow's
 * unconfirmed bookings, refused changes and recalls due, read live from the device so it works offline.
 */
function Dashboard() {
  const { t } = useLingui();
  const { user } = useAuth();
  const navigate = useNavigate();
  const formats = useFormats();
  const office = useFrontOffice();
  const { day, timeZone, today, tomorrow } = office;
  const [checkingIn, setCheckingIn] = useState<LocalAppointment | null>(null);
  const [wizardOpen, wizard] = useDisclosure(false);
  const [attentionOpen, attention] = useDisclosure(false);
  const canCheckIn = can(user, 'appointments.edit');
  const canBook = can(user, 'appointments.create');
  const canAddPatient = can(user, 'patients.create');
  const patientsLinked = can(user, 'patients.view');

  // A first fill waits for the landing screen's data: here, today's appointments (or nothing, for those who may not see them).
  const drawn = !office.showsAppointments || day !== undefined;
  useEffect(() => {
    if (drawn) landingDrawn();
  }, [drawn]);

  const book = () => {
    requestBooking({ date: today });
    void navigate({ to: '/scheduling' });
  };
  // The patient expected next: the soonest arrival, else the one who is least late.
  const expected = day?.nextArrivals[0] ?? day?.runningLate.at(-1)?.appointment ?? null;
  const expectedName = expected?.patientName;
  const checkInNext = () => {
    if (expected) setCheckingIn(expected);
    else void navigate({ to: '/scheduling', search: { date: today } });
  };
  const checkInButton = (appointment: LocalAppointment) => {
    const patient = appointment.patientName;
    return (
      canCheckIn && (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => setCheckingIn(appointment)}
          aria-label={t`Check in ${patient}`}
        >
          <Trans>Check In</Trans>
        </Button>
      )
    );
  };
  const row = (
    testId: string,
    appointment: LocalAppointment,
    more: { date?: string; extra?: ReactNode; side?: ReactNode } = {},
  ) => (
    <AppointmentRow
      key={appointment.id}
      testId={testId}
      appointment={appointment}
      date={more.date ?? today}
      timeZone={timeZone}
      patientsLinked={patientsLinked}
      extra={more.extra}
      side={more.side}
    />
  );
  const todaysSchedule = (
    <ScheduleLink date={today}>
      <Trans>Open today's schedule</Trans>
    </ScheduleLink>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Welcome />
        <Group gap="xs" data-testid="quick-actions" role="group" aria-label={t`Quick actions`}>
          {office.showsAppointments && canBook && (
            <Button leftSection={<IconCalendarPlus size={16} aria-hidden="true" />} onClick={book}>
              <Trans>Book</Trans>
            </Button>
          )}
          {office.showsAppointments && canCheckIn && (
            <Button
              variant="default"
              leftSection={<IconLogin2 size={16} aria-hidden="true" />}
              onClick={checkInNext}
              title={expectedName ? t`Check in ${expectedName}` : t`Open today's schedule`}
            >
              <Trans>Check In</Trans>
            </Button>
          )}
          {canAddPatient && (
            <Button variant="default" leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={wizard.open}>
              <Trans>New Patient</Trans>
            </Button>
          )}
        </Group>
      </Group>

      <SimpleGrid type="container" cols={{ base: 1, '640px': 2, '1080px': 3 }} spacing="md">
        {office.showsAppointments && (
          <>
            <DashboardCard
              id="next-arrivals"
              title={<Trans>Next arrivals</Trans>}
              count={day?.nextArrivals.length}
              empty={<Trans>No more arrivals are expected today.</Trans>}
              footer={todaysSchedule}
            >
              {day?.nextArrivals
                .slice(0, ROWS_SHOWN)
                .map((appointment) => row('next-arrival', appointment, { side: checkInButton(appointment) }))}
            </DashboardCard>
            <DashboardCard
              id="waiting"
              title={<Trans>Checked in and waiting</Trans>}
              count={day?.waiting.length}
              empty={<Trans>Nobody is waiting.</Trans>}
              footer={todaysSchedule}
            >
              {day?.waiting.slice(0, ROWS_SHOWN).map(({ appointment, since, minutes }) => {
                const arrived = since ? formats.instantTime(since, timeZone) : '—';
                return row('waiting-row', appointment, {
                  extra: (
                    <>
                      <Trans>arrived {arrived}</Trans>
                      {' · '}
                    </>
                  ),
                  side: <WaitBadge minutes={minutes} />,
                });
              })}
            </DashboardCard>
            <DashboardCard
              id="running-late"
              tone="alert"
              title={<Trans>Running late</Trans>}
              count={day?.runningLate.length}
              empty={<Trans>Everyone due so far has arrived.</Trans>}
              footer={todaysSchedule}
            >
              {day?.runningLate.slice(0, ROWS_SHOWN).map(({ appointment, minutes }) =>
                row('late-row', appointment, {
                  extra: (
                    <>
                      <Badge color="red.9" variant="filled" size="xs" data-testid="late-minutes">
                        <Trans>{minutes} min late</Trans>
                      </Badge>{' '}
                    </>
                  ),
                  side: checkInButton(appointment),
                }),
              )}
            </DashboardCard>
            <DashboardCard
              id="unconfirmed"
              title={<Trans>Tomorrow, not confirmed</Trans>}
              count={office.unconfirmed?.length}
              empty={<Trans>Nothing is waiting for a confirmation tomorrow.</Trans>}
              footer={
                <ScheduleLink date={tomorrow}>
                  <Trans>Open tomorrow's schedule</Trans>
                </ScheduleLink>
              }
            >
              {office.unconfirmed?.slice(0, ROWS_SHOWN).map((appointment) =>
                row('unconfirmed-row', appointment, {
                  date: tomorrow,
                  extra: appointment.patientPhone ? `${formatPhone(appointment.patientPhone)} · ` : undefined,
                }),
              )}
            </DashboardCard>
            <DashboardCard
              id="no-shows"
              title={<Trans>No-shows today</Trans>}
              count={day?.noShows.length}
              empty={<Trans>No no-shows today.</Trans>}
            >
              {day?.noShows.slice(0, ROWS_SHOWN).map((appointment) => row('no-show-row', appointment))}
            </DashboardCard>
          </>
        )}
        <DashboardCard
          id="needs-attention"
          tone="alert"
          title={<Trans>Needs attention</Trans>}
          count={office.attention?.length}
          empty={<Trans>Every change made on this device was accepted.</Trans>}
          footer={
            <Button size="compact-xs" variant="subtle" onClick={attention.open}>
              <Trans>Resolve</Trans>
            </Button>
          }
        >
          {office.attention?.slice(0, ROWS_SHOWN).map((item) => (
            <Row
              key={item.entry.id}
              testId="attention-row"
              id={item.entry.id}
              title={domainText(item.description)}
              details={domainText(item.reason)}
            />
          ))}
        </DashboardCard>
        {office.showsRecalls && (
          <DashboardCard
            id="recalls-due"
            title={<Trans>Recalls due this week</Trans>}
            count={office.recalls?.length}
            empty={<Trans>No recalls are due this week.</Trans>}
          >
            {office.recalls?.slice(0, ROWS_SHOWN).map(({ recall, patientName }) => (
              <Row
                key={recall.id}
                testId="recall-row"
                id={recall.id}
                title={
                  <PatientLink
                    id={recall.patientId}
                    name={patientName ?? t`Patient not on this device yet`}
                    linked={patientsLinked}
                  />
                }
                details={`${recall.recallTypeName} · ${sayValue(RECALL_PRIORITY_TEXTS, recall.priority)}`}
                side={
                  <Text size="xs" c="dimmed">
                    {formats.mediumDate(recall.dueDate)}
                  </Text>
                }
              />
            ))}
          </DashboardCard>
        )}
      </SimpleGrid>

      <QuickCheckInDialog appointment={checkingIn} timeZone={timeZone} onClose={() => setCheckingIn(null)} />
      <NeedsAttentionDrawer opened={attentionOpen} onClose={attention.close} />
      {wizardOpen && (
        <Suspense fallback={null}>
          <NewPatientWizard opened={wizardOpen} onClose={wizard.close} />
        </Suspense>
      )}
    </Stack>
  );
}

/** `/` and `/receptionist`. */
export function DashboardPage() {
  return (
    <LocalDataGate>
      <Dashboard />
    </LocalDataGate>
  );
}
