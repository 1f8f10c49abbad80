import { WEEKDAY_NAMES, WEEKDAY_SHORT_TEXTS, type WeekdayName } from '@dental/domain/practices/hours';
import { CANADIAN_TIME_ZONES, describeZoneAt, displayName } from '@dental/domain/time/canadian-zones';
import type { ZoneTransition } from '@dental/domain/time/transitions';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiRequest } from '../../platform/api/api.ts';
import { domainText, say } from '../../platform/i18n/domain-text.ts';
import { useFormats } from '../../platform/i18n/formats.ts';
import { useNow } from '../../platform/practice/use-now.ts';
import { toast } from '../../platform/toasts/toast.ts';

interface PracticeZone {
  practiceId: number;
  name: string;
  city: string;
  province: string;
  timezone: string;
  displayName: string;
  utcOffset: string;
  nextTransitions: ZoneTransition[];
}

interface ZonePreview {
  practiceId: number;
  from: { timezone: string; displayName: string };
  to: { timezone: string; displayName: string };
  unchanged: boolean;
  appointments: {
    future: number;
    shifted: number;
    example: {
      appointmentId: string;
      before: { date: string; time: string };
      after: { date: string; time: string };
    } | null;
  };
  hours: {
    weekday: string;
    isOpen: boolean;
    openTime: string | null;
    closeTime: string | null;
    formerClockOpenTime: string | null;
    formerClockCloseTime: string | null;
  }[];
}

/** A weekday's short name in the language shown. */
function weekdayLabel(weekday: string): string {
  const text = WEEKDAY_SHORT_TEXTS[WEEKDAY_NAMES.indexOf(weekday as WeekdayName)];
  return text ? say(text) : weekday;
}

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError ? domainText(error.message) : fallback;

/** The practice's clock, ticking each second. */
function PracticeClock({ timezone }: { timezone: string }) {
  const now = useNow(1000);
  const moment = describeZoneAt(timezone, now);
  const seconds = String(now.getUTCSeconds()).padStart(2, '0');
  return (
    <Text size="xl" fw={700} ff="monospace" data-testid="practice-clock">
      {moment.localDate} {moment.localTime}:{seconds} {moment.abbreviation}
    </Text>
  );
}

function ZoneCard({ practice }: { practice: PracticeZone }) {
  const { t } = useLingui();
  const { instantShort } = useFormats();
  const queryClient = useQueryClient();
  const [zone, setZone] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: (timezone: string) =>
      apiRequest<ZonePreview>(`/api/timezone-management/${practice.practiceId}/preview`, {
        method: 'POST',
        practiceId: null,
        body: { timezone },
      }),
    onError: (error) => toast(t`Preview failed`, failure(error, t`Please try again.`), 'error'),
  });
  const apply = useMutation({
    mutationFn: (timezone: string) =>
      apiRequest<ZonePreview>(`/api/timezone-management/${practice.practiceId}`, {
        method: 'PUT',
        practiceId: null,
        body: { timezone },
      }),
    onSuccess: async () => {
      toast(t`Time zone changed`, undefined, 'success');
      preview.reset();
      setZone(null);
      await queryClient.invalidateQueries({ queryKey: ['timezone-management'] });
    },
    onError: (error) => toast(t`Time zone not changed`, failure(error, t`Please try again.`), 'error'),
  });
  const shown = preview.data;
  return (
    <Card withBorder data-testid={`zone-card-${practice.practiceId}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {practice.name}
            </Title>
            <Text size="sm" c="dimmed">
              {[practice.city, practice.province].join(', ')} · {practice.displayName} · {`UTC${practice.utcOffset}`}
            </Text>
          </div>
          <PracticeClock timezone={practice.timezone} />
        </Group>
        <div>
          <Text fw={500} size="sm">
            <Trans>Next daylight-time changes</Trans>
          </Text>
          {practice.nextTransitions.length === 0 ? (
            <Text size="sm">
              <Trans>Clocks do not change in this zone.</Trans>
            </Text>
          ) : (
            practice.nextTransitions.map((change) => (
              <Text size="sm" key={change.at}>
                {instantShort(change.at, practice.timezone)} —{' '}
                {change.kind === 'daylight' ? t`clocks go forward one hour` : t`clocks go back one hour`}
              </Text>
            ))
          )}
        </div>
        <Group align="flex-end">
          <Select
            label={t`New time zone`}
            placeholder={t`Choose a zone`}
            data={CANADIAN_TIME_ZONES.map((entry) => ({
              value: entry.timeZone,
              label: `${displayName(entry.timeZone)} — ${entry.cities[0]} (${entry.timeZone})`,
            }))}
            value={zone}
            onChange={(value) => {
              setZone(value);
              preview.reset();
            }}
            searchable
            w={380}
          />
          <Button
            variant="default"
            disabled={!zone}
            loading={preview.isPending}
            onClick={() => zone && preview.mutate(zone)}
          >
            <Trans>Preview change</Trans>
          </Button>
        </Group>
        {shown && (
          <Alert color={shown.unchanged ? 'gray' : 'yellow'} title={t`What changes`} data-testid="zone-preview">
            <Stack gap="xs">
              <Text size="sm">
                {shown.from.displayName} → {shown.to.displayName}
              </Text>
              <Text size="sm">
                <Trans>
                  Appointments keep their moment in time: {shown.appointments.shifted} of {shown.appointments.future}{' '}
                  future appointments will show a different local time.
                </Trans>
              </Text>
              {shown.appointments.example && (
                <Text size="sm">
                  <Trans>
                    For example, {shown.appointments.example.before.date} {shown.appointments.example.before.time}{' '}
                    becomes {shown.appointments.example.after.date} {shown.appointments.example.after.time}.
                  </Trans>
                </Text>
              )}
              <Text size="sm">
                <Trans>The weekly hours keep their times, now read in the new zone:</Trans>
              </Text>
              <Table withRowBorders={false} verticalSpacing={2}>
                <Table.Tbody>
                  {shown.hours
                    .filter((day) => day.isOpen)
                    .map((day) => (
                      <Table.Tr key={day.weekday}>
                        <Table.Td>{weekdayLabel(day.weekday)}</Table.Td>
                        <Table.Td>
                          {day.openTime}–{day.closeTime}
                        </Table.Td>
                        <Table.Td c="dimmed">
                          <Trans>
                            was {day.formerClockOpenTime}–{day.formerClockCloseTime} on the old clock
                          </Trans>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
              <Group>
                <Button
                  color="orange"
                  disabled={shown.unchanged}
                  loading={apply.isPending}
                  onClick={() => apply.mutate(shown.to.timezone)}
                >
                  <Trans>Confirm change</Trans>
                </Button>
                <Button variant="default" onClick={() => preview.reset()}>
                  <Trans>Cancel</Trans>
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** /timezone-management (system.admin): each practice's zone, clock and DST changes; change with a preview. */
export function TimezoneManagementPage() {
  const { t } = useLingui();
  const zones = useQuery({
    queryKey: ['timezone-management'],
    queryFn: ({ signal }) =>
      apiRequest<{ practices: PracticeZone[] }>('/api/timezone-management', { practiceId: null, signal }),
  });
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={1}>
          <Trans>Time zone management</Trans>
        </Title>
        <Badge variant="light">
          <Trans>Administrators</Trans>
        </Badge>
      </Group>
      {zones.isPending && <Loader aria-label={t`Loading`} />}
      {zones.isError && <Alert color="red">{failure(zones.error, t`The time zones could not be loaded.`)}</Alert>}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {zones.data?.practices.map((practice) => (
          <ZoneCard key={practice.practiceId} practice={practice} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
