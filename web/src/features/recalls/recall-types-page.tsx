import {
  DEFAULT_RECALL_PRIORITY,
  RECALL_PRIORITIES,
  RECALL_PRIORITY_TEXTS,
  type RecallPriority,
  type RecallType,
} from '@dental/domain/patients/recall.schema';
import { can } from '@dental/domain/permissions/can';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../platform/api/api.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText, sayValue } from '../../platform/i18n/domain-text.ts';
import { toast } from '../../platform/toasts/toast.ts';
import { useRecallTypes, useSaveRecallType } from './recall-api.ts';

interface Draft {
  name: string;
  intervalMonths: number;
  intervalWeeks: number;
  defaultPriority: RecallPriority;
  procedure: string;
}

const NEW_TYPE: Draft = {
  name: '',
  intervalMonths: 6,
  intervalWeeks: 0,
  defaultPriority: DEFAULT_RECALL_PRIORITY,
  procedure: '',
};

function draftOf(type: RecallType): Draft {
  const priority = (RECALL_PRIORITIES as readonly string[]).includes(type.defaultPriority)
    ? (type.defaultPriority as RecallPriority)
    : DEFAULT_RECALL_PRIORITY;
  return {
    name: type.name,
    intervalMonths: type.intervalMonths,
    intervalWeeks: type.intervalWeeks,
    defaultPriority: priority,
    procedure: type.procedure,
  };
}

function fieldOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const field = (error.body as Record<string, unknown>).field;
  return typeof field === 'string' ? field : undefined;
}

function TypeForm({ editing, onClose }: { editing: RecallType | null; onClose(): void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : NEW_TYPE);
  const save = useSaveRecallType();
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const failedField = save.isError ? fieldOf(save.error) : undefined;
  const failure = save.isError ? domainText(save.error.message) : undefined;
  const errorFor = (field: keyof Draft) => (failedField === field ? failure : undefined);

  function submit() {
    save.mutate(
      { id: editing?.id ?? null, body: { ...draft, procedure: draft.procedure.trim() || null } },
      {
        onSuccess: (type) => {
          toast(editing ? t`Recall type saved` : t`Recall type added`, type.name, 'success');
          onClose();
        },
      },
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t`Name`}
          required
          value={draft.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errorFor('name')}
          data-autofocus
        />
        <Group grow>
          <NumberInput
            label={t`Interval (months)`}
            min={0}
            max={60}
            value={draft.intervalMonths}
            onChange={(value) => set({ intervalMonths: typeof value === 'number' ? value : 0 })}
            error={errorFor('intervalMonths')}
          />
          <NumberInput
            label={t`Interval (weeks)`}
            min={0}
            max={104}
            value={draft.intervalWeeks}
            onChange={(value) => set({ intervalWeeks: typeof value === 'number' ? value : 0 })}
            error={errorFor('intervalWeeks')}
          />
        </Group>
        <Select
          label={t`Default priority`}
          data={RECALL_PRIORITIES.map((value) => ({ value, label: sayValue(RECALL_PRIORITY_TEXTS, value) }))}
          value={draft.defaultPriority}
          allowDeselect={false}
          onChange={(value) => value && set({ defaultPriority: value as RecallPriority })}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t`Procedure booked`}
          description={t`Prefills the booking form; the name when empty.`}
          value={draft.procedure}
          onChange={(event) => set({ procedure: event.currentTarget.value })}
          error={errorFor('procedure')}
        />
        {failure && !failedField?.match(/^(name|intervalMonths|intervalWeeks|procedure)$/) && (
          <Alert color="red">{failure}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Interval({ type }: { type: RecallType }) {
  const { t } = useLingui();
  const { intervalMonths: months, intervalWeeks: weeks } = type;
  const parts: string[] = [];
  if (months > 0) parts.push(t`${months} mo`);
  if (weeks > 0) parts.push(t`${weeks} wk`);
  return <>{parts.join(' ')}</>;
}

/** /smart-recall-management: the practice's recall types and their intervals. */
export function RecallManagementPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const types = useRecallTypes();
  const [editing, setEditing] = useState<RecallType | 'new' | null>(null);
  const canEdit = can(user, 'settings.edit');
  const loadError = types.isError ? domainText(types.error.message) : '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            <Trans>Recall types</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            <Trans>How often patients are called back, and what their visit books.</Trans>
          </Text>
        </div>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            <Trans>Add recall type</Trans>
          </Button>
        )}
      </Group>
      {types.isPending ? (
        <Loader aria-label={t`Loading recall types`} />
      ) : types.isError ? (
        <Alert color="yellow">
          <Trans>Recall types could not be loaded: {loadError}</Trans>
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Name</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Interval</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Default priority</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Procedure booked</Trans>
                </Table.Th>
                {canEdit && (
                  <Table.Th>
                    <Trans>Actions</Trans>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((type) => (
                <Table.Tr key={type.id}>
                  <Table.Td>{type.name}</Table.Td>
                  <Table.Td>
                    <Interval type={type} />
                  </Table.Td>
                  <Table.Td>{sayValue(RECALL_PRIORITY_TEXTS, type.defaultPriority)}</Table.Td>
                  <Table.Td>{type.procedure}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPencil size={14} />}
                        aria-label={t`Edit ${type.name}`}
                        onClick={() => setEditing(type)}
                      >
                        <Trans>Edit</Trans>
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t`Add recall type` : t`Edit recall type`}
      >
        {editing !== null && <TypeForm editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
