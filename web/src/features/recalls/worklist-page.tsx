import { can } from '@dental/domain/permissions/can';
import type { ContactOutcome, WorklistRow } from '@dental/domain/recalls/worklist';
import { nextOpenDate } from '@dental/domain/scheduling/availability';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useCurrentPractice } from '../../platform/practice/practice-queries.ts';
import { toast } from '../../platform/toasts/toast.ts';
import { practiceToday, requestBooking } from '../scheduling/index.ts';
import { rememberBooking, takeBooked } from './pending-bookings.ts';
import {
  useLogContact,
  usePracticeHours,
  useRecallTypes,
  useSendReminders,
  useWorklist,
  type WorklistFilters,
} from './recall-api.ts';
import { OUTCOME_LABELS } from './recall-labels.ts';
import { WorklistFilterBar } from './worklist-filters.tsx';
import { WorklistTable } from './worklist-table.tsx';

const EMPTY: WorklistRow[] = [];

/** The recall worklist; `smart` ranks it and shows why each patient is where they are. */
function Worklist({ smart }: { smart: boolean }) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { timezone, practiceId } = useCurrentPractice();
  const hours = usePracticeHours(practiceId);
  const [filters, setFilters] = useState<WorklistFilters>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const worklist = useWorklist(filters, smart);
  const types = useRecallTypes();
  const logContact = useLogContact();
  const reminders = useSendReminders();
  const rows = worklist.data ?? EMPTY;
  const { mutate: log } = logContact;

  // A booking made from this list on the schedule: once the list shows it, its outcome is logged.
  useEffect(() => {
    for (const recallId of takeBooked(rows.filter((row) => row.booked).map((row) => row.recall.id))) {
      log({ recallId, outcome: 'booked' });
    }
  }, [rows, log]);

  const shownIds = useMemo(() => new Set(rows.map((row) => row.recall.id)), [rows]);
  const chosen = [...selected].filter((id) => shownIds.has(id));

  function select(ids: readonly string[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  function logOutcome(row: WorklistRow, outcome: ContactOutcome) {
    const name = `${row.patient.firstName} ${row.patient.lastName}`;
    const label = i18n._(OUTCOME_LABELS[outcome]);
    logContact.mutate(
      { recallId: row.recall.id, outcome },
      {
        onSuccess: () => toast(t`Outcome logged`, t`${name}: ${label}`, 'success'),
        onError: (error) => toast(t`The outcome could not be logged`, domainText(error.message), 'error'),
      },
    );
  }

  function book(row: WorklistRow) {
    const type = types.data?.find((entry) => entry.id === row.recall.recallTypeId);
    rememberBooking(row.recall.id);
    // A recall visit is booked ahead: from the next day the practice opens.
    const today = practiceToday(timezone);
    const date = (hours.data && nextOpenDate(hours.data.hours, today)) || addDays(today, 1);
    requestBooking({
      date,
      patientId: row.patient.id,
      procedure: type?.procedure ?? row.recall.recallTypeName,
      ...(row.provider ? { providerId: row.provider.id } : {}),
    });
    void navigate({ to: '/appointments' });
  }

  function sendReminders() {
    reminders.mutate(chosen, {
      onSuccess: (result) => {
        setSelected(new Set());
        const queued = plural(result.queued, { one: '# reminder queued', other: '# reminders queued' });
        const skipped = plural(result.skipped, {
          0: 'none skipped',
          one: '# patient skipped (booked or no address)',
          other: '# patients skipped (booked or no address)',
        });
        toast(t`Reminders sent`, `${queued}, ${skipped}`, 'success');
      },
      onError: (error) => toast(t`Reminders could not be sent`, domainText(error.message), 'error'),
    });
  }

  const canRemind = can(user, 'communications.reminders');
  const loadError = worklist.isError ? domainText(worklist.error.message) : '';
  const count = rows.length;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {smart ? <Trans>Smart recalls</Trans> : <Trans>Recalls</Trans>}
          </Title>
          <Text c="dimmed" size="sm">
            {smart ? (
              <Trans>
                Ranked by days overdue, time since the last visit, missed appointments and family members due together.
              </Trans>
            ) : (
              <Trans>Patients overdue or due within 30 days.</Trans>
            )}
          </Text>
        </div>
        {canRemind && (
          <Button
            leftSection={<IconSend size={16} />}
            disabled={chosen.length === 0}
            loading={reminders.isPending}
            onClick={sendReminders}
          >
            {chosen.length === 0 ? <Trans>Send reminders</Trans> : <Trans>Send reminders ({chosen.length})</Trans>}
          </Button>
        )}
      </Group>
      <WorklistFilterBar filters={filters} onChange={setFilters} types={types.data ?? []} rows={rows} />
      {worklist.isPending ? (
        <Loader aria-label={t`Loading recalls`} />
      ) : worklist.isError ? (
        <Alert color="yellow">
          <Trans>Recalls could not be loaded: {loadError}</Trans>
        </Alert>
      ) : count === 0 ? (
        <Text c="dimmed">
          <Trans>No recalls match these filters.</Trans>
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {plural(count, { one: '# recall', other: '# recalls' })}
          </Text>
          <WorklistTable
            rows={rows}
            smart={smart}
            selected={selected}
            onSelect={select}
            canLog={can(user, 'patients.edit')}
            canBook={can(user, 'appointments.create')}
            onLog={logOutcome}
            onBook={book}
          />
        </>
      )}
    </Stack>
  );
}

export function RecallsPage() {
  return <Worklist smart={false} />;
}

export function SmartRecallsPage() {
  return <Worklist smart />;
}
