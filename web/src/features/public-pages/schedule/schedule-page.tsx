import { formatLongDate } from '@dental/domain/i18n/formats';
import type {
  PublicAppointment,
  PublicSchedulePage,
  PublicSlot,
  PublicSlots,
  ScheduleBookingBody,
} from '@dental/domain/public/public-api';
import { addDays } from '@dental/domain/time/calendar';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { callPublic, endsThePage, type Failure, PublicCallError } from '../api.ts';
import { AppointmentDetails } from '../appointment-details.tsx';
import { Done, PageHeader, type PageProps, PageTitle, SendFailure, useDocumentTitle } from '../page-parts.tsx';
import { useSend } from '../use-send.ts';
import { SlotButtons } from './slot-buttons.tsx';

/** A day inside the invitation's range, or null for what a date field may hold while being typed. */
function withinRange(value: string, from: string, to: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= from && value <= to ? value : null;
}

/** Self-scheduling: a day, a free time for the invited procedure, a confirmation, a booking. */
export function SchedulePage({ address, page, onEnd }: PageProps<PublicSchedulePage>) {
  const { t } = useLingui();
  const practice = page.practice.name;
  const firstName = page.patientFirstName;
  const procedure = page.procedure;
  const duration = page.duration;
  const phone = page.practice.phone;
  useDocumentTitle(t`Book your appointment — ${practice}`);
  const [typed, setTyped] = useState(page.from);
  const [day, setDay] = useState(page.from);
  const [slots, setSlots] = useState<readonly PublicSlot[] | null>(null);
  const [slotsFailed, setSlotsFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<PublicSlot | null>(null);
  const [booked, setBooked] = useState<PublicAppointment | null>(null);
  const { send, busy, failure, setFailure } = useSend(address, phone, onEnd);

  useEffect(() => {
    let current = true;
    setSlots(null);
    setSlotsFailed(false);
    // `attempt` is read so that "Try again" asks once more for the same day.
    void attempt;
    callPublic<PublicSlots>(address, { query: { date: day }, phone })
      .then((answer) => current && setSlots(answer.slots))
      .catch((error: unknown) => {
        if (!current) return;
        const failed: Failure = error instanceof PublicCallError ? error.failure : { kind: 'network' };
        if (endsThePage(failed)) onEnd(failed);
        else setSlotsFailed(true);
      });
    return () => {
      current = false;
    };
  }, [address, day, phone, onEnd, attempt]);

  const goTo = (next: string) => {
    setTyped(next);
    setDay(next);
    setChosen(null);
    setFailure(null);
  };

  async function book(slot: PublicSlot) {
    const body: ScheduleBookingBody = { date: slot.date, time: slot.time, providerId: slot.providerId };
    const result = await send<{ appointment: PublicAppointment }>(body);
    if (result.ok) {
      setBooked(result.value.appointment);
    } else if (result.failure.kind === 'conflict') {
      // The time went to someone else meanwhile: the server's sentence stays on screen above its new choices.
      setChosen(null);
      setSlots(result.failure.slots);
    }
  }

  if (booked) {
    return (
      <Done title={<Trans>You are booked!</Trans>}>
        <Text>
          <Trans>Thank you, {firstName}. We look forward to seeing you.</Trans>
        </Text>
        <Paper withBorder p="md">
          <AppointmentDetails appointment={booked} practice={practice} language={page.language} />
        </Paper>
      </Done>
    );
  }

  if (chosen) {
    return (
      <Stack gap="lg">
        <PageTitle focus>
          <Trans>Confirm this time</Trans>
        </PageTitle>
        <Paper withBorder p="md">
          <AppointmentDetails
            appointment={{ date: chosen.date, time: chosen.time, provider: chosen.provider ?? '', procedure }}
            practice={practice}
            language={page.language}
          />
        </Paper>
        <SendFailure failure={failure} />
        <Stack gap="sm">
          <Button size="lg" fullWidth loading={busy} onClick={() => void book(chosen)}>
            <Trans>Book this time</Trans>
          </Button>
          <Button size="lg" fullWidth variant="default" disabled={busy} onClick={() => setChosen(null)}>
            <Trans>Choose another time</Trans>
          </Button>
        </Stack>
      </Stack>
    );
  }

  const longDay = formatLongDate(day, page.language);
  return (
    <Stack gap="lg">
      <PageHeader title={<Trans>Book your appointment</Trans>}>
        <Trans>
          Hello {firstName}, choose a time for your {procedure} ({duration} minutes).
        </Trans>
      </PageHeader>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="input-md"
          aria-label={t`Previous day`}
          disabled={day <= page.from}
          onClick={() => goTo(addDays(day, -1))}
        >
          <IconChevronLeft aria-hidden />
        </ActionIcon>
        <TextInput
          type="date"
          label={t`Day`}
          size="md"
          style={{ flex: 1 }}
          min={page.from}
          max={page.to}
          value={typed}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setTyped(value);
            const next = withinRange(value, page.from, page.to);
            if (next) goTo(next);
          }}
          error={
            withinRange(typed, page.from, page.to)
              ? undefined
              : t`Choose a day between the first and last days offered.`
          }
        />
        <ActionIcon
          variant="default"
          size="input-md"
          aria-label={t`Next day`}
          disabled={day >= page.to}
          onClick={() => goTo(addDays(day, 1))}
        >
          <IconChevronRight aria-hidden />
        </ActionIcon>
      </Group>
      <SendFailure failure={failure} />
      <Stack gap="sm" component="section" aria-labelledby="slots-title">
        <Title order={2} size="h4" id="slots-title">
          <Trans>Free times on {longDay}</Trans>
        </Title>
        {slotsFailed ? (
          <Stack gap="xs" align="flex-start">
            <Text>
              <Trans>We could not reach the practice. Check your connection and try again.</Trans>
            </Text>
            <Button variant="default" onClick={() => setAttempt((n) => n + 1)}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : slots === null ? (
          <Text c="dimmed" role="status">
            <Trans>Looking for free times…</Trans>
          </Text>
        ) : slots.length === 0 ? (
          <Text role="status">
            <Trans>No free times on this day. Please try another day.</Trans>
          </Text>
        ) : (
          <SlotButtons slots={slots} day={day} language={page.language} onChoose={setChosen} />
        )}
      </Stack>
    </Stack>
  );
}
