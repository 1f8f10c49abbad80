import { NOTE_TEXTS, type NoteTemplate } from '@dental/domain/clinical/notes';
import { BILLING_AND_CLINICAL } from '@dental/domain/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Modal, NavLink, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSignature } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { domainText, say } from '../../../platform/i18n/domain-text.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import type { ClinicalCommands, LocalClinicalNote } from '../model/clinical-store.ts';
import { SIGNED_GREEN } from '../model/colours.ts';
import { useClinical } from '../model/use-chart.ts';

/** Typing is kept on the device this long after the last key (sealed, no outbox). */
const DRAFT_AFTER_MS = 400;

interface Visit {
  id: string;
}

type SaveState = 'idle' | 'typing' | 'draft' | 'saving' | 'saved';

function useTemplates(clinical: ClinicalCommands | null): NoteTemplate[] {
  return useLiveQuery(async () => (clinical ? clinical.templates() : []), [clinical]) ?? [];
}

/**
 * One note per visit, started from the treatment note library. Every change is kept on the device as
 * typed, queued for the server every 30 s and on leaving the box; a signed note is a legal record and
 * only takes signed addenda.
 */
export function NotesTab(props: {
  patientId: string;
  notes: readonly LocalClinicalNote[];
  canEdit: boolean;
  visits: readonly Visit[];
  visitLabel(appointmentId: string | null): string;
  formatWhen(instant: string): string;
}) {
  const { t } = useLingui();
  const clinical = useClinical();
  const { afterWrite } = useLocalData();
  const templates = useTemplates(clinical).filter((template) => template.active);
  const notes = useMemo(
    () => [...props.notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)),
    [props.notes],
  );
  const visit = props.visits[0] ?? null;
  const visitNote = visit ? notes.find((note) => note.appointmentId === visit.id) : undefined;
  const [openId, setOpenId] = useState<string | null>(visitNote?.id ?? notes[0]?.id ?? null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const open = notes.find((note) => note.id === openId) ?? null;

  async function start() {
    if (!clinical) return;
    if (visitNote) {
      setOpenId(visitNote.id);
      return;
    }
    const template = templates.find((item) => item.id === templateId);
    try {
      const note = await clinical.createNote({
        patientId: props.patientId,
        appointmentId: visit?.id ?? null,
        templateId: template?.id ?? null,
        body: template?.body ?? '',
      });
      afterWrite();
      setOpenId(note.id);
    } catch (error) {
      toast(t`Note not started`, error instanceof Error ? domainText(error.message) : String(error), 'error');
    }
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          {props.canEdit &&
            (visitNote ? (
              <Button variant="light" onClick={() => setOpenId(visitNote.id)}>
                <Trans>Open today's note</Trans>
              </Button>
            ) : (
              <Stack gap="xs">
                <Select
                  label={t`Template`}
                  placeholder={t`Blank note`}
                  data={templates.map((template) => ({
                    value: template.id,
                    label: template.category ? `${template.name} (${template.category})` : template.name,
                  }))}
                  value={templateId}
                  onChange={setTemplateId}
                  clearable
                  searchable
                />
                <Button onClick={() => void start()}>{visit ? t`New note for today's visit` : t`New note`}</Button>
              </Stack>
            ))}
          {notes.length === 0 ? (
            <Text c="dimmed" size="sm">
              <Trans>No notes yet.</Trans>
            </Text>
          ) : (
            <Stack gap={2} aria-label={t`Notes`} role="list">
              {notes.map((note) => (
                <NavLink
                  key={note.id}
                  role="listitem"
                  aria-current={note.id === openId ? 'true' : undefined}
                  style={
                    note.id === openId
                      ? {
                          background: 'var(--mantine-color-default-hover)',
                          boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)',
                        }
                      : undefined
                  }
                  onClick={() => setOpenId(note.id)}
                  label={props.formatWhen(note.createdAt)}
                  description={`${props.visitLabel(note.appointmentId)} · ${note.createdByName}`}
                  rightSection={
                    note.status === 'signed' ? (
                      <Badge size="xs" color={SIGNED_GREEN} variant="filled">
                        <Trans>Signed</Trans>
                      </Badge>
                    ) : (
                      <Badge size="xs" variant="default">
                        <Trans>Draft</Trans>
                      </Badge>
                    )
                  }
                  data-testid="note-item"
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <div style={{ gridColumn: 'span 2' }}>
        {open ? (
          <NoteEditor key={open.id} note={open} canEdit={props.canEdit} formatWhen={props.formatWhen} />
        ) : (
          <Text c="dimmed">
            <Trans>Choose a note, or start one for this visit.</Trans>
          </Text>
        )}
      </div>
    </SimpleGrid>
  );
}

function NoteEditor(props: { note: LocalClinicalNote; canEdit: boolean; formatWhen(instant: string): string }) {
  const { t } = useLingui();
  const clinical = useClinical();
  const { afterWrite } = useLocalData();
  const { note } = props;
  const signed = note.status === 'signed';
  const [text, setText] = useState(note.draftBody ?? note.body);
  const [state, setState] = useState<SaveState>(
    note.draftBody != null && note.draftBody !== note.body ? 'draft' : 'saved',
  );
  const [confirming, setConfirming] = useState(false);
  const [addendum, setAddendum] = useState('');
  const textRef = useRef(text);
  textRef.current = text;
  const queued = useRef(note.body);
  const kept = useRef(note.draftBody ?? note.body);

  const keepDraft = useCallback(async () => {
    if (!clinical || textRef.current === kept.current) return;
    const body = textRef.current;
    await clinical.saveDraft(note.id, body);
    kept.current = body;
    setState((now) => (now === 'typing' ? 'draft' : now));
  }, [clinical, note.id]);
  const draftSoon = useDebouncedCallback(() => void keepDraft(), DRAFT_AFTER_MS);

  const queue = useCallback(async () => {
    if (!clinical || signed || textRef.current === queued.current) return;
    const body = textRef.current;
    setState('saving');
    try {
      await clinical.updateNote(note.id, body);
      queued.current = body;
      kept.current = body;
      afterWrite();
      setState(textRef.current === body ? 'saved' : 'typing');
    } catch (error) {
      setState('draft');
      toast(t`Note not saved`, error instanceof Error ? domainText(error.message) : String(error), 'error');
    }
  }, [clinical, signed, note.id, afterWrite, t]);

  // Spec 9: autosave every 30 s; the draft is kept on every pause anyway, so a closed tab loses nothing.
  useEffect(() => {
    if (signed || !props.canEdit) return;
    const timer = window.setInterval(() => void queue(), BILLING_AND_CLINICAL.chartAutosaveMs);
    const leave = () => {
      draftSoon.flush();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', leave);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', leave);
      draftSoon.flush();
      void queue();
    };
  }, [signed, props.canEdit, queue, draftSoon]);

  async function sign() {
    if (!clinical) return;
    setConfirming(false);
    try {
      if (textRef.current !== kept.current) await clinical.saveDraft(note.id, textRef.current);
      await clinical.signNote(note.id);
      afterWrite();
      toast(t`Note signed`, undefined, 'success');
    } catch (error) {
      toast(t`Note not signed`, error instanceof Error ? domainText(error.message) : String(error), 'error');
    }
  }

  async function addAddendum() {
    if (!clinical || !addendum.trim()) return;
    try {
      await clinical.addAddendum(note.id, addendum.trim());
      afterWrite();
      setAddendum('');
    } catch (error) {
      toast(t`Addendum not added`, error instanceof Error ? domainText(error.message) : String(error), 'error');
    }
  }

  const stateText: Record<SaveState, string> = {
    idle: '',
    typing: t`Saving…`,
    draft: t`Kept on this device`,
    saving: t`Saving…`,
    saved: t`Saved`,
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="note-editor">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>
            <Trans>
              Note of {props.formatWhen(note.createdAt)} by {note.createdByName}
            </Trans>
          </Text>
          {signed ? (
            <Badge
              color={SIGNED_GREEN}
              variant="filled"
              leftSection={<IconSignature size={12} />}
              data-testid="note-signed"
            >
              {t`Signed by ${note.signedByName ?? ''} on ${note.signedAt ? props.formatWhen(note.signedAt) : ''}`}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="note-save-state">
              {stateText[state]}
            </Text>
          )}
        </Group>
        {signed || !props.canEdit ? (
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="note-body">
            {note.body || t`(empty)`}
          </Text>
        ) : (
          <Textarea
            aria-label={t`Note`}
            value={text}
            autosize
            minRows={10}
            maxRows={24}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setState('typing');
              draftSoon();
            }}
            onBlur={() => {
              draftSoon.flush();
              void queue();
            }}
          />
        )}
        {!signed && props.canEdit && (
          <Group justify="flex-end">
            <Button
              leftSection={<IconSignature size={16} />}
              onClick={() => {
                if (!text.trim()) toast(say(NOTE_TEXTS.empty), undefined, 'error');
                else setConfirming(true);
              }}
            >
              <Trans>Sign</Trans>
            </Button>
          </Group>
        )}
        {signed && (
          <Stack gap="xs">
            {note.addenda.map((item) => (
              <Paper key={item.id} withBorder p="xs" radius="sm" data-testid="note-addendum">
                <Text size="xs" c="dimmed">
                  <Trans>
                    Addendum signed by {item.signedByName} on {props.formatWhen(item.signedAt)}
                  </Trans>
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {item.body}
                </Text>
              </Paper>
            ))}
            {props.canEdit && (
              <Stack gap={4}>
                <Textarea
                  label={t`Addendum`}
                  description={t`A correction or an addition; it is signed with your name when added.`}
                  value={addendum}
                  onChange={(event) => setAddendum(event.currentTarget.value)}
                  autosize
                  minRows={2}
                />
                <Group justify="flex-end">
                  <Button variant="light" disabled={!addendum.trim()} onClick={() => void addAddendum()}>
                    <Trans>Add signed addendum</Trans>
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`Sign this note?`}>
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              A signed note is a legal record: it can no longer be changed. Corrections are added as signed addenda.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={() => void sign()}>
              <Trans>Sign note</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
