import '@mantine/dates/styles.css';
import { absenceReasonLabel } from '@dental/domain/scheduling/absence.schema';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  IconCalendarPlus,
  IconChevronLeft,
  IconChevronRight,
  IconSearch,
  IconTool,
  IconUserOff,
  IconX,
} from '@tabler/icons-react';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { isCompact, type Provider, type SlotView } from '../day/schedule-model.ts';
import { PracticeClock } from './practice-clock.tsx';

interface Props {
  date: string;
  today: string;
  onDateChange(date: string): void;
  view: SlotView;
  onViewChange(view: SlotView): void;
  search: string;
  onSearchChange(search: string): void;
  matches: number | null;
  timeZone: string;
  roomCount: number;
  providers: readonly Provider[];
  closed: boolean;
  canCreate: boolean;
  /** Absences and maintenance move and block bookings: appointments.edit, as on the server. */
  canEdit: boolean;
  onNewAppointment(): void;
  onProviderAbsence(): void;
  onScheduleMaintenance(): void;
  /** Providers away on this day: named under the legend, so nobody books them by mistake. */
  absences?: readonly { id: string; providerId: number; reason: string }[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** How the date field reads the day; dayjs names the days and months in the language shown. */
const DISPLAY_FORMAT = { en: 'ddd, MMM D, YYYY', fr: 'ddd D MMM YYYY' } as const;
const CALENDAR_LOCALE = { en: 'en', fr: 'fr-ca' } as const;

/** Typed dates are taken only when complete, so a half-typed year never jumps the schedule around. */
function parseTypedDate(value: string): string | null {
  const trimmed = value.trim();
  if (ISO_DATE.test(trimmed)) return trimmed;
  if (!/^[A-Za-z]{3}, [A-Za-z]{3} \d{1,2}, \d{4}$/.test(trimmed)) return null;
  const parsed = new Date(`${trimmed.slice(5)} 12:00`);
  if (Number.isNaN(parsed.getTime())) return null;
  const month = String(parsed.getMonth() + 1).padStart(2, '0');
  const day = String(parsed.getDate()).padStart(2, '0');
  return `${parsed.getFullYear()}-${month}-${day}`;
}

function AbsenceLine({ providers, absences }: { providers: readonly Provider[]; absences: Props['absences'] }) {
  const { t } = useLingui();
  if (!absences || absences.length === 0) return null;
  const names = absences.map((absence) => {
    const name = providers.find((provider) => provider.id === absence.providerId)?.name ?? t`A provider`;
    const reason = domainText(absenceReasonLabel(absence.reason)).toLowerCase();
    return { id: absence.id, text: t`${name} absent (${reason})` };
  });
  return (
    <Group gap="xs" data-testid="absence-line">
      <IconUserOff size={16} aria-hidden="true" color="var(--mantine-color-orange-7)" />
      {names.map((entry) => (
        <Text key={entry.id} size="sm" c="orange.8" fw={500}>
          {entry.text}
        </Text>
      ))}
    </Group>
  );
}

function ProviderLegend({ providers }: { providers: readonly Provider[] }) {
  const { t } = useLingui();
  if (providers.length === 0) return null;
  return (
    <Group gap={6} aria-label={t`Provider colours`} role="list" data-testid="provider-legend">
      {providers.map((provider) => (
        <Badge
          key={provider.id}
          role="listitem"
          variant="outline"
          color="gray"
          radius="sm"
          tt="none"
          fw={500}
          leftSection={
            <span
              aria-hidden="true"
              style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 3, background: provider.color }}
            />
          }
        >
          {provider.name}
        </Badge>
      ))}
    </Group>
  );
}

export function ScheduleHeader(props: Props) {
  const { date, today, timeZone, roomCount, closed, canCreate, canEdit } = props;
  const { t } = useLingui();
  const { longDate, language } = useFormats();
  const matches = props.matches ?? 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            <Trans>Daily Schedule</Trans>
          </Title>
          <Text c="dimmed" size="sm" data-testid="schedule-date-label" data-date={date}>
            {longDate(date)}
            {date === today ? ` · ${t`Today`}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          <Tooltip
            label={closed ? t`The practice is closed on this day.` : t`Your role cannot book appointments.`}
            disabled={!closed && canCreate}
          >
            <Button
              leftSection={<IconCalendarPlus size={16} aria-hidden="true" />}
              disabled={closed || !canCreate}
              onClick={props.onNewAppointment}
              data-guide="schedule-new-appointment"
            >
              <Trans>New Appointment</Trans>
            </Button>
          </Tooltip>
          <Button
            variant="default"
            leftSection={<IconUserOff size={16} aria-hidden="true" />}
            disabled={!canEdit}
            onClick={props.onProviderAbsence}
            data-guide="schedule-provider-absence"
          >
            <Trans>Provider Absence</Trans>
          </Button>
          <Button
            variant="default"
            leftSection={<IconTool size={16} aria-hidden="true" />}
            disabled={!canEdit}
            onClick={props.onScheduleMaintenance}
            data-guide="schedule-maintenance"
          >
            <Trans>Schedule Maintenance</Trans>
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="center">
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t`Previous day`}
            onClick={() => props.onDateChange(addDays(date, -1))}
          >
            <IconChevronLeft size={16} aria-hidden="true" />
          </ActionIcon>
          <DateInput
            aria-label={t`Schedule date`}
            value={date}
            onChange={(value) => value && props.onDateChange(value.slice(0, 10))}
            valueFormat={DISPLAY_FORMAT[language]}
            locale={CALENDAR_LOCALE[language]}
            dateParser={parseTypedDate}
            w={170}
            popoverProps={{ withinPortal: true }}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t`Next day`}
            onClick={() => props.onDateChange(addDays(date, 1))}
          >
            <IconChevronRight size={16} aria-hidden="true" />
          </ActionIcon>
          <Button variant="subtle" size="sm" onClick={() => props.onDateChange(today)} disabled={date === today}>
            <Trans>Today</Trans>
          </Button>
        </Group>
        <SegmentedControl
          aria-label={t`Time slot size`}
          value={props.view}
          onChange={(value) => props.onViewChange(value === 'half-hour' ? 'half-hour' : 'hour')}
          data={[
            { value: 'hour', label: t`1 hour` },
            { value: 'half-hour', label: t`30 minutes` },
          ]}
        />
        <TextInput
          aria-label={t`Search appointments`}
          data-guide="schedule-search"
          placeholder={t`Search patient, procedure, provider`}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            props.search ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t`Clear search`}
                onClick={() => props.onSearchChange('')}
              >
                <IconX size={14} aria-hidden="true" />
              </ActionIcon>
            ) : null
          }
          value={props.search}
          onChange={(event) => props.onSearchChange(event.currentTarget.value)}
          w={260}
        />
        {props.matches !== null && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {plural(matches, { one: '# match', other: '# matches' })}
          </Text>
        )}
        <Group gap="md" ml="auto" wrap="nowrap">
          <PracticeClock timeZone={timeZone} />
          <Group gap={6} wrap="nowrap">
            <Text size="sm" data-testid="room-count">
              {plural(roomCount, { one: '# room', other: '# rooms' })}
            </Text>
            {isCompact(roomCount) && (
              <Badge variant="light" color="blue" size="sm">
                <Trans>Compact View</Trans>
              </Badge>
            )}
          </Group>
        </Group>
      </Group>
      <ProviderLegend providers={props.providers} />
      <AbsenceLine providers={props.providers} absences={props.absences} />
    </Stack>
  );
}
