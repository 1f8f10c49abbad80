import { SCHEDULING } from '@dental/domain/constants';
import { WEEK_DISPLAY_ORDER } from '@dental/domain/practices/hours';
import { BOOKABLE_DURATIONS } from '@dental/domain/scheduling/booking-rules';
import {
  createWaitlistEntrySchema,
  PARTS_OF_DAY,
  type PartOfDay,
  WAITLIST_PRIORITIES,
  type WaitlistEntry,
  type WaitlistPriority,
} from '@dental/domain/waitlist/entry';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Chip, Group, Input, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import * as v from 'valibot';
import { ApiError } from '../../platform/api/api.ts';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { serverErrorText } from '../../platform/i18n/server-error.ts';
import { PatientSelect } from '../patients/index.ts';
import { PART_OF_DAY_LABELS, PRIORITY_LABELS, weekdayLabel } from './labels.ts';
import { useProviders } from './use-providers.ts';
import { useWaitlistWrites } from './waitlist-api.ts';

const ANY_PROVIDER = 'any';

interface Values {
  patientId: string;
  providerId: string;
  weekdays: string[];
  partOfDay: PartOfDay;
  procedure: string;
  duration: string;
  priority: WaitlistPriority;
  notes: string;
}

function valuesOf(entry: WaitlistEntry | null): Values {
  return {
    patientId: entry?.patientId ?? '',
    providerId: entry?.providerId ? String(entry.providerId) : ANY_PROVIDER,
    weekdays: (entry?.weekdays ?? []).map(String),
    partOfDay: entry?.partOfDay ?? 'any',
    procedure: entry?.procedure ?? '',
    duration: String(entry?.duration ?? SCHEDULING.defaultDurationMinutes),
    priority: entry?.priority ?? 'medium',
    notes: entry?.notes ?? '',
  };
}

function bodyOf(values: Values) {
  return {
    patientId: values.patientId,
    providerId: values.providerId === ANY_PROVIDER ? null : Number(values.providerId),
    weekdays: values.weekdays.map(Number),
    partOfDay: values.partOfDay,
    procedure: values.procedure,
    duration: Number(values.duration),
    priority: values.priority,
    notes: values.notes,
  };
}

/** The domain's own refusals, by field, before anything is sent. */
function fieldErrors(body: unknown): Record<string, string> {
  const result = v.safeParse(createWaitlistEntrySchema, body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const field = String(issue.path?.[0]?.key ?? 'form');
    errors[field] ??= domainText(issue.message);
  }
  return errors;
}

/** Adds a patient to the waitlist, or changes an entry's preferences (the patient stays). */
export function EntryForm(props: { opened: boolean; entry: WaitlistEntry | null; onClose(): void }) {
  const { t, i18n } = useLingui();
  const providers = useProviders();
  const writes = useWaitlistWrites();
  const [values, setValues] = useState<Values>(() => valuesOf(props.entry));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editing = props.entry !== null;
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K] | null) =>
      setValues((current) => ({ ...current, [key]: value ?? current[key] }));

  const submit = async () => {
    const body = bodyOf(values);
    const refused = fieldErrors(body);
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    try {
      if (props.entry) {
        const { patientId: _patient, ...changes } = body;
        await writes.edit.mutateAsync({ id: props.entry.id, body: changes });
      } else {
        await writes.create.mutateAsync(body);
      }
      props.onClose();
    } catch (error) {
      const field = error instanceof ApiError ? (error.body as { field?: unknown } | null)?.field : undefined;
      const message = error instanceof ApiError ? serverErrorText(error.body) : undefined;
      setErrors({ [typeof field === 'string' ? field : 'form']: message ?? t`The waitlist could not be saved.` });
    }
  };

  const busy = writes.create.isPending || writes.edit.isPending;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={editing ? t`Edit waitlist entry` : t`Add to waitlist`}
      centered
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <PatientSelect
            value={values.patientId}
            initialLabel={props.entry?.patientName}
            onChange={set('patientId')}
            error={errors.patientId}
            disabled={editing}
            testId="waitlist-patient"
          />
          <TextInput
            label={t`Procedure`}
            required
            value={values.procedure}
            onChange={(event) => set('procedure')(event.currentTarget.value)}
            error={errors.procedure}
          />
          <Group grow align="flex-start">
            <Select
              label={t`Provider`}
              data={[
                { value: ANY_PROVIDER, label: t`Any provider` },
                ...providers.map((provider) => ({ value: String(provider.id), label: provider.name })),
              ]}
              value={values.providerId}
              onChange={set('providerId')}
              error={errors.providerId}
              allowDeselect={false}
            />
            <Select
              label={t`Duration`}
              data={BOOKABLE_DURATIONS.map((minutes) => ({ value: String(minutes), label: t`${minutes} min` }))}
              value={values.duration}
              onChange={set('duration')}
              error={errors.duration}
              allowDeselect={false}
            />
          </Group>
          <Chip.Group multiple value={values.weekdays} onChange={set('weekdays')}>
            <Stack gap={4}>
              <Input.Label>
                <Trans>Days that suit (none: any day)</Trans>
              </Input.Label>
              <Group gap={6}>
                {WEEK_DISPLAY_ORDER.map((weekday) => (
                  <Chip key={weekday} value={String(weekday)} size="sm">
                    {weekdayLabel(weekday)}
                  </Chip>
                ))}
              </Group>
              {errors.weekdays && <Input.Error>{errors.weekdays}</Input.Error>}
            </Stack>
          </Chip.Group>
          <Group grow align="flex-start">
            <Select
              label={t`Time of day`}
              data={PARTS_OF_DAY.map((part) => ({ value: part, label: i18n._(PART_OF_DAY_LABELS[part]) }))}
              value={values.partOfDay}
              onChange={(value) => set('partOfDay')(value as PartOfDay | null)}
              error={errors.partOfDay}
              allowDeselect={false}
            />
            <Select
              label={t`Priority`}
              data={WAITLIST_PRIORITIES.map((priority) => ({
                value: priority,
                label: i18n._(PRIORITY_LABELS[priority]),
              }))}
              value={values.priority}
              onChange={(value) => set('priority')(value as WaitlistPriority | null)}
              error={errors.priority}
              allowDeselect={false}
            />
          </Group>
          <Textarea
            label={t`Notes`}
            autosize
            minRows={2}
            maxRows={4}
            value={values.notes}
            onChange={(event) => set('notes')(event.currentTarget.value)}
            error={errors.notes}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? <Trans>Save</Trans> : <Trans>Add to waitlist</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
