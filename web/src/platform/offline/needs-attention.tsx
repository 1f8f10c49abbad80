import type { AttentionItem } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Drawer, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { domainText } from '../i18n/domain-text.ts';
import { useFormats } from '../i18n/formats.ts';
import { toast } from '../toasts/toast.ts';
import { useLocalData } from './local-data.tsx';

type EditableBody = Record<string, string | number | boolean | null>;

/** Top-level plain values of the request, which the user may correct before sending again. */
function editableFields(body: unknown): EditableBody {
  if (!body || typeof body !== 'object') return {};
  const fields: EditableBody = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (name === 'id' || name === 'override') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[name] = value as EditableBody[string];
  }
  return fields;
}

function AttentionCard({ item }: { item: AttentionItem }) {
  const { t } = useLingui();
  const { instantShort } = useFormats();
  const local = useLocalData();
  const [editing, setEditing] = useState<EditableBody | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const canOverride = item.failure.status === 409 && item.entry.entity.table === 'appointments';
  const { store } = local;
  if (!store) return null;

  async function act(action: () => Promise<unknown>, done: string) {
    await action();
    toast(done, undefined, 'success');
    local.afterWrite();
  }

  // Stored in English (what the device and the server wrote): shown in the language shown when known.
  const description = domainText(item.description);
  const reason = domainText(item.reason);
  const status = item.failure.status;
  const savedAt = instantShort(new Date(item.entry.createdAt), local.timezone);
  const request = `${item.entry.method} ${item.entry.endpoint}`;
  const body = JSON.stringify(item.body);
  const details = [
    t`What: ${description}`,
    t`Refused: ${status} ${reason}`,
    t`When: ${savedAt}`,
    t`Request: ${request}`,
    t`Body: ${body}`,
  ].join('\n');

  return (
    <Paper withBorder p="md" radius="md" data-testid="attention-item">
      <Stack gap={6}>
        <Text fw={600}>{description}</Text>
        <Text size="sm" c="red" data-testid="attention-reason">
          {reason}
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>
            Saved on this device {savedAt}; the server refused it ({status}).
          </Trans>
        </Text>
        {editing && (
          <Stack gap={6}>
            {Object.entries(editing).map(([name, value]) => (
              <TextInput
                key={name}
                label={name}
                size="xs"
                value={value === null ? '' : String(value)}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setEditing({
                    ...editing,
                    [name]:
                      typeof value === 'number' && text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text,
                  });
                }}
              />
            ))}
          </Stack>
        )}
        {confirmDiscard && (
          <Alert color="red" p="xs">
            <Text size="sm">
              <Trans>Discard this change for good? It was never saved on the server.</Trans>
            </Text>
            <Group mt={6}>
              <Button
                size="xs"
                color="red"
                onClick={() => void act(() => store.outbox.discard(item.entry.id), t`Change discarded`)}
              >
                <Trans>Discard</Trans>
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmDiscard(false)}>
                <Trans>Keep</Trans>
              </Button>
            </Group>
          </Alert>
        )}
        <Group gap="xs" mt={4}>
          {editing ? (
            <Button
              size="xs"
              onClick={() =>
                void act(
                  () =>
                    store.outbox.retry(item.entry.id, {
                      ...(item.body as object),
                      ...editing,
                    }),
                  t`Sent again with your changes`,
                )
              }
            >
              <Trans>Send again</Trans>
            </Button>
          ) : (
            <Button size="xs" variant="default" onClick={() => setEditing(editableFields(item.body))}>
              <Trans>Retry with changes</Trans>
            </Button>
          )}
          {canOverride && (
            <Button
              size="xs"
              variant="light"
              onClick={() => void act(() => store.outbox.retryWithOverride(item.entry.id), t`Scheduled anyway`)}
            >
              <Trans>Schedule anyway</Trans>
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            onClick={() =>
              void navigator.clipboard?.writeText(details).then(() => toast(t`Details copied`, undefined, 'success'))
            }
          >
            <Trans>Copy details</Trans>
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmDiscard(true)}>
            <Trans>Discard</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Changes the server refused: shown until the user retries or explicitly discards them. Nothing is dropped. */
export function NeedsAttentionDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useLingui();
  const local = useLocalData();
  const items = useLiveQuery(
    async () => (local.store ? local.store.outbox.needingAttention() : []),
    [local.store, local.attention],
    [],
  );
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t`Needs attention`}
      position="right"
      size="md"
      attributes={{ content: { 'data-guide': 'needs-attention-drawer' } }}
    >
      <Stack gap="sm">
        {items.length === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>Nothing needs attention. Every change made on this device was accepted.</Trans>
          </Text>
        ) : (
          items.map((item) => <AttentionCard key={item.entry.id} item={item} />)
        )}
      </Stack>
    </Drawer>
  );
}
