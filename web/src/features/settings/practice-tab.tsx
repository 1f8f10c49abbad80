import { PROVINCES } from '@dental/domain/constants';
import { can } from '@dental/domain/permissions/can';
import { type DayHours, WEEK_DISPLAY_ORDER, WEEKDAY_NAMES, type WeeklyHours } from '@dental/domain/practices/hours';
import { NEW_PRACTICE_HOURS, PRACTICE_TIME_ZONES, type PracticeDetails } from '@dental/domain/settings/admin';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { useLanguage } from '../../platform/i18n/language-provider.tsx';
import { toast } from '../../platform/toasts/toast.ts';
import { failureText, weekdayName } from './failure.ts';
import { type ManagedRoom, usePracticeDetails, usePracticeHours, useRooms, useSettingsWrites } from './settings-api.ts';

function DetailsCard({ practice, editable }: { practice: PracticeDetails; editable: boolean }) {
  const { t } = useLingui();
  const writes = useSettingsWrites(practice.id);
  const [form, setForm] = useState({
    name: practice.name,
    address: practice.address ?? '',
    city: practice.city,
    postalCode: practice.postalCode ?? '',
    phone: practice.phone ?? '',
  });
  const field = (key: keyof typeof form) => ({
    value: form[key],
    disabled: !editable,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: event.currentTarget.value }),
  });
  const save = async () => {
    try {
      await writes.savePractice.mutateAsync(form);
      toast(t`Practice details saved`, undefined, 'success');
    } catch (error) {
      toast(t`Update failed`, failureText(error, t`Please try again.`), 'error');
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>
            <Trans>Practice details</Trans>
          </Title>
          <Badge variant="light">
            {practice.province} · {practice.settings.timezone}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Name`} {...field('name')} />
          <TextInput label={t`Phone`} {...field('phone')} />
          <TextInput label={t`Address`} {...field('address')} />
          <TextInput label={t`City`} {...field('city')} />
          <TextInput label={t`Postal code`} {...field('postalCode')} />
        </SimpleGrid>
        {editable && (
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={writes.savePractice.isPending}>
              <Trans>Save details</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

const CLOSED: DayHours = { isOpen: false, closed: true, openTime: null, closeTime: null };

type WeekdayKey = (typeof WEEKDAY_NAMES)[number];

/** The seven days' open switch and times; used for a practice's hours and a new practice's. */
function WeekHoursTable(props: {
  week: WeeklyHours;
  onChange: (week: WeeklyHours) => void;
  editable: boolean;
  label: string;
  /** The name each day's controls are announced with, when the screen has two such tables. */
  dayLabel?: (weekday: string) => string;
}) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const { week, editable } = props;
  const setDay = (name: WeekdayKey, day: Partial<DayHours>) => {
    const next = { ...week[name], ...day };
    props.onChange({ ...week, [name]: { ...next, closed: !next.isOpen } });
  };
  return (
    // At 200% zoom the day's times and switches are wider than the card: the table scrolls in its own box.
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={4} aria-label={props.label}>
        <Table.Tbody>
          {WEEK_DISPLAY_ORDER.map((weekday) => {
            const name = WEEKDAY_NAMES[weekday] as WeekdayKey;
            const day = week[name] ?? CLOSED;
            const shown = weekdayName(weekday, language);
            const label = props.dayLabel?.(shown) ?? shown;
            return (
              <Table.Tr key={name}>
                <Table.Th scope="row" w={140}>
                  {shown}
                </Table.Th>
                <Table.Td w={120}>
                  <Switch
                    label={day.isOpen ? t`Open` : t`Closed`}
                    aria-label={t`${label} open`}
                    checked={day.isOpen}
                    disabled={!editable}
                    onChange={(event) => {
                      const open = event.currentTarget.checked;
                      setDay(name, {
                        isOpen: open,
                        openTime: open ? (day.openTime ?? '09:00') : null,
                        closeTime: open ? (day.closeTime ?? '17:00') : null,
                      });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  {day.isOpen && (
                    <Group gap="xs" wrap="nowrap">
                      <TextInput
                        type="time"
                        aria-label={t`${label} opens`}
                        value={day.openTime ?? ''}
                        disabled={!editable}
                        onChange={(event) => setDay(name, { openTime: event.currentTarget.value })}
                      />
                      <Text size="sm">–</Text>
                      <TextInput
                        type="time"
                        aria-label={t`${label} closes`}
                        value={day.closeTime ?? ''}
                        disabled={!editable}
                        onChange={(event) => setDay(name, { closeTime: event.currentTarget.value })}
                      />
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HoursCard({ practiceId, editable }: { practiceId: number; editable: boolean }) {
  const { t } = useLingui();
  const hours = usePracticeHours(practiceId);
  const writes = useSettingsWrites(practiceId);
  const [week, setWeek] = useState<WeeklyHours | undefined>();
  useEffect(() => {
    if (hours.data) setWeek(hours.data.hours);
  }, [hours.data]);
  if (!week) return <Loader size="sm" />;
  const save = async () => {
    try {
      await writes.saveHours.mutateAsync(week);
      toast(t`Practice hours updated`, undefined, 'success');
    } catch (error) {
      toast(t`Update failed`, failureText(error, t`Failed to update practice hours. Please try again.`), 'error');
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3}>
          <Trans>Weekly hours</Trans>
        </Title>
        <WeekHoursTable week={week} onChange={setWeek} editable={editable} label={t`Weekly hours`} />
        {editable && (
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={writes.saveHours.isPending}>
              <Trans>Save hours</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function RoomRow({ room, practiceId, editable }: { room: ManagedRoom; practiceId: number; editable: boolean }) {
  const { t } = useLingui();
  const writes = useSettingsWrites(practiceId);
  const [name, setName] = useState(room.roomName);
  const run = async (change: { roomName?: string; active?: boolean }, done: string) => {
    try {
      await writes.changeRoom.mutateAsync({ id: room.id, ...change });
      toast(done, undefined, 'success');
    } catch (error) {
      toast(t`Update failed`, failureText(error, t`Please try again.`), 'error');
    }
  };
  return (
    <Table.Tr>
      <Table.Td>{room.roomId}</Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t`Name of room ${room.roomId}`}
          value={name}
          disabled={!editable}
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </Table.Td>
      <Table.Td>
        {room.active ? (
          <Badge color="green" variant="light">
            <Trans>Active</Trans>
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            <Trans>Inactive</Trans>
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {editable && (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              disabled={name.trim() === '' || name === room.roomName}
              onClick={() => void run({ roomName: name }, t`Room renamed`)}
            >
              <Trans>Rename</Trans>
            </Button>
            <Button
              size="xs"
              variant="light"
              color={room.active ? 'red' : 'green'}
              onClick={() =>
                void run({ active: !room.active }, room.active ? t`Room deactivated` : t`Room reactivated`)
              }
            >
              {room.active ? t`Deactivate` : t`Reactivate`}
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function RoomsCard({ practiceId, editable }: { practiceId: number; editable: boolean }) {
  const { t } = useLingui();
  const rooms = useRooms(practiceId);
  const writes = useSettingsWrites(practiceId);
  const [roomId, setRoomId] = useState('');
  const [roomName, setRoomName] = useState('');
  const add = async () => {
    try {
      await writes.createRoom.mutateAsync({ roomId: roomId.trim(), roomName: roomName.trim() });
      toast(t`Room added`, undefined, 'success');
      setRoomId('');
      setRoomName('');
    } catch (error) {
      toast(t`The room could not be added`, failureText(error, t`Please try again.`), 'error');
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3}>
          <Trans>Treatment rooms</Trans>
        </Title>
        {rooms.isPending ? (
          <Loader size="sm" />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label={t`Treatment rooms`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Room ID</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Name</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Status</Trans>
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(rooms.data ?? []).map((room) => (
                  <RoomRow
                    key={`${room.id}:${room.roomName}`}
                    room={room}
                    practiceId={practiceId}
                    editable={editable}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {editable && (
          <Group align="flex-end">
            <TextInput label={t`Room ID`} value={roomId} onChange={(e) => setRoomId(e.currentTarget.value)} w={120} />
            <TextInput
              label={t`Room name`}
              value={roomName}
              onChange={(e) => setRoomName(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              onClick={() => void add()}
              disabled={!roomId.trim() || !roomName.trim()}
              loading={writes.createRoom.isPending}
            >
              <Trans>Add room</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function NewPracticeCard({ practiceId }: { practiceId: number }) {
  const { t } = useLingui();
  const writes = useSettingsWrites(practiceId);
  const empty = {
    name: '',
    address: '',
    city: '',
    province: 'ON',
    postalCode: '',
    phone: '',
    timezone: 'America/Toronto',
  };
  const [form, setForm] = useState(empty);
  const [week, setWeek] = useState<WeeklyHours>(NEW_PRACTICE_HOURS);
  const text = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: event.currentTarget.value }),
  });
  const add = async () => {
    try {
      const created = await writes.createPractice.mutateAsync({
        ...form,
        province: form.province as (typeof PROVINCES)[number],
        hours: week,
      });
      const name = created.name;
      toast(t`Practice added`, t`Switch to ${name} to add its rooms, users and holidays.`, 'success');
      setForm(empty);
      setWeek(NEW_PRACTICE_HOURS);
    } catch (error) {
      toast(t`The practice could not be added`, failureText(error, t`Please try again.`), 'error');
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3}>
          <Trans>Add New Practice</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Name`} required {...text('name')} />
          <TextInput label={t`Phone`} {...text('phone')} />
          <TextInput label={t`Address`} {...text('address')} />
          <TextInput label={t`City`} required {...text('city')} />
          <Select
            label={t`Province`}
            data={[...PROVINCES]}
            value={form.province}
            allowDeselect={false}
            onChange={(value) => setForm({ ...form, province: value ?? 'ON' })}
          />
          <TextInput label={t`Postal code`} {...text('postalCode')} />
          <Select
            label={t`Time zone`}
            data={[...PRACTICE_TIME_ZONES]}
            value={form.timezone}
            allowDeselect={false}
            searchable
            onChange={(value) => setForm({ ...form, timezone: value ?? 'America/Toronto' })}
          />
        </SimpleGrid>
        <Text fw={500} size="sm">
          <Trans>Hours</Trans>
        </Text>
        <WeekHoursTable
          week={week}
          onChange={setWeek}
          editable
          label={t`Hours of the new practice`}
          dayLabel={(weekday) => t`New practice, ${weekday}`}
        />
        <Group justify="flex-end">
          <Button
            onClick={() => void add()}
            disabled={!form.name.trim() || !form.city.trim()}
            loading={writes.createPractice.isPending}
          >
            <Trans>Add practice</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function PracticeTab({ practiceId }: { practiceId: number }) {
  const { user } = useAuth();
  const practice = usePracticeDetails(practiceId);
  const editable = can(user, 'settings.edit');
  if (practice.isError) {
    return (
      <Alert color="red">
        <Trans>The practice could not be loaded.</Trans>
      </Alert>
    );
  }
  if (!practice.data) return <Loader />;
  return (
    <Stack gap="md">
      <DetailsCard key={practice.data.id} practice={practice.data} editable={editable} />
      <HoursCard key={`hours-${practiceId}`} practiceId={practiceId} editable={editable} />
      <RoomsCard practiceId={practiceId} editable={editable} />
      {can(user, 'system.admin') && <NewPracticeCard practiceId={practiceId} />}
    </Stack>
  );
}
