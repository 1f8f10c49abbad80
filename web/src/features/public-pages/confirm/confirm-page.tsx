import { formatClock, formatLongDate } from '@dental/domain/i18n/formats';
import type { ConfirmResponse, PublicConfirmPage } from '@dental/domain/public/public-api';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppointmentDetails } from '../appointment-details.tsx';
import { Done, PageHeader, type PageProps, SendFailure, useDocumentTitle } from '../page-parts.tsx';
import { useSend } from '../use-send.ts';

/** The patient confirms the appointment, or asks the practice for another time. */
export function ConfirmPage({ address, page, onEnd }: PageProps<PublicConfirmPage>) {
  const { t } = useLingui();
  const practice = page.practice.name;
  const firstName = page.patientFirstName;
  useDocumentTitle(t`Your appointment — ${practice}`);
  const [answered, setAnswered] = useState<ConfirmResponse | null>(null);
  const [chosen, setChosen] = useState<ConfirmResponse | null>(null);
  const { send, busy, failure } = useSend(address, page.practice.phone, onEnd);
  const date = formatLongDate(page.appointment.date, page.language);
  const time = formatClock(page.appointment.time, page.language);

  async function answer(response: ConfirmResponse) {
    setChosen(response);
    const sent = await send<unknown>({ response });
    if (sent.ok) setAnswered(response);
  }

  if (answered === 'confirm') {
    return (
      <Done title={<Trans>Your appointment is confirmed</Trans>}>
        <Text>
          <Trans>
            Thank you, {firstName}. See you on {date} at {time}.
          </Trans>
        </Text>
      </Done>
    );
  }
  if (answered === 'reschedule') {
    return (
      <Done title={<Trans>Your request was sent</Trans>}>
        <Text>
          <Trans>
            Thank you, {firstName}. {practice} will contact you to find a new time.
          </Trans>
        </Text>
      </Done>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title={<Trans>Please confirm your appointment</Trans>}>
        <Trans>Hello {firstName}, here is your next appointment.</Trans>
      </PageHeader>
      <Paper withBorder p="md">
        <AppointmentDetails appointment={page.appointment} practice={practice} language={page.language} />
      </Paper>
      <SendFailure failure={failure} />
      <Stack gap="sm">
        <Button
          size="lg"
          fullWidth
          onClick={() => void answer('confirm')}
          loading={busy && chosen === 'confirm'}
          disabled={busy}
        >
          <Trans>Confirm my appointment</Trans>
        </Button>
        <Button
          size="lg"
          fullWidth
          variant="default"
          onClick={() => void answer('reschedule')}
          loading={busy && chosen === 'reschedule'}
          disabled={busy}
        >
          <Trans>Ask to reschedule</Trans>
        </Button>
      </Stack>
    </Stack>
  );
}
