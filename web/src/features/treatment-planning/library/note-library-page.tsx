import type { NoteTemplate } from '@dental/domain/clinical/notes';
import { can } from '@dental/domain/permissions/can';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import { useClinicalCommand, useTemplates } from '../device/use-clinical.ts';

interface TemplateDraft {
  name: string;
  category: string;
  body: string;
}

/** /treatment-note-library: the SOAP templates notes start from, by category; edited by who writes notes. */
export function NoteLibraryPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const templates = useTemplates();
  const canEdit = can(user, 'clinical.treatment_notes');
  const [selected, setSelected] = useState<string | 'new' | null>(null);
  const [showInactive, setShowInactive] = useState(false);
  const groups = useMemo(() => {
    const byCategory = new Map<string, NoteTemplate[]>();
    for (const template of templates ?? []) {
      if (!template.active && !showInactive) continue;
      const list = byCategory.get(template.category) ?? [];
      list.push(template);
      byCategory.set(template.category, list);
    }
    return [...byCategory];
  }, [templates, showInactive]);
  if (templates === undefined) return <Loader aria-label={t`Loading the note library`} />;
  const current = selected === 'new' ? null : (templates.find((template) => template.id === selected) ?? null);
  const categories = [...new Set(templates.map((template) => template.category))].sort();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>
            <Trans>Treatment Note Library</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            <Trans>The templates a clinical note starts from. Changes apply to notes started afterwards.</Trans>
          </Text>
        </div>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setSelected('new')}>
            <Trans>New template</Trans>
          </Button>
        )}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Paper withBorder radius="md" p="xs">
            <Switch
              size="xs"
              m="xs"
              label={t`Show deactivated templates`}
              checked={showInactive}
              onChange={(event) => setShowInactive(event.currentTarget.checked)}
            />
            <ScrollArea.Autosize mah="calc(100dvh - 300px)">
              <nav aria-label={t`Templates by category`}>
                {groups.map(([category, list]) => (
                  <div key={category}>
                    <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm" pb={4}>
                      {category}
                    </Text>
                    {list.map((template) => (
                      <NavLink
                        key={template.id}
                        label={template.name}
                        active={template.id === selected}
                        variant="filled"
                        onClick={() => setSelected(template.id)}
                        data-testid="template-link"
                        rightSection={
                          template.active ? undefined : (
                            <Badge size="xs" color="gray" variant="default">
                              <Trans>Deactivated</Trans>
                            </Badge>
                          )
                        }
                      />
                    ))}
                  </div>
                ))}
              </nav>
            </ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          {selected === null ? (
            <Text c="dimmed">
              <Trans>Choose a template to read or edit it.</Trans>
            </Text>
          ) : (
            <TemplateEditor
              key={current?.id ?? 'new'}
              template={current}
              categories={categories}
              canEdit={canEdit}
              onSaved={(template) => setSelected(template.id)}
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function TemplateEditor({
  template,
  categories,
  canEdit,
  onSaved,
}: {
  template: NoteTemplate | null;
  categories: string[];
  canEdit: boolean;
  onSaved: (template: NoteTemplate) => void;
}) {
  const { t } = useLingui();
  const command = useClinicalCommand();
  const initial: TemplateDraft = template
    ? { name: template.name, category: template.category, body: template.body }
    : { name: '', category: categories[0] ?? 'General', body: 'S: \n\nO: \n\nA: \n\nP: ' };
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const valid = draft.name.trim() !== '' && draft.body.trim() !== '';
  const name = draft.name.trim();

  async function save() {
    setBusy(true);
    try {
      const body = { name: draft.name.trim(), category: draft.category.trim() || 'General', body: draft.body };
      const result = template
        ? await command((clinical) => clinical.updateTemplate(template.id, body), t`The template was not saved`)
        : await command((clinical) => clinical.createTemplate(body), t`The template was not saved`);
      if (result) {
        toast(t`Template saved`, name, 'success');
        onSaved(result);
      }
    } finally {
      setBusy(false);
    }
  }

  async function setActive(active: boolean) {
    if (!template) return;
    setBusy(true);
    try {
      const result = await command((clinical) => clinical.updateTemplate(template.id, { active }));
      if (result) toast(active ? t`Template reactivated` : t`Template deactivated`, template.name, 'success');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="template-editor">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label={t`Name`}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
            readOnly={!canEdit}
            required
            maxLength={120}
            error={canEdit && draft.name.trim() === '' ? t`A template needs a name` : undefined}
          />
          <TextInput
            label={t`Category`}
            value={draft.category}
            onChange={(event) => setDraft({ ...draft, category: event.currentTarget.value })}
            readOnly={!canEdit}
            maxLength={60}
            list="note-template-categories"
          />
        </Group>
        <datalist id="note-template-categories">
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <Textarea
          label={t`Template`}
          description={t`SOAP: subjective, objective, assessment, plan.`}
          value={draft.body}
          onChange={(event) => setDraft({ ...draft, body: event.currentTarget.value })}
          readOnly={!canEdit}
          autosize
          minRows={10}
          maxRows={22}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
        {template && !template.active && (
          <Text size="sm" c="dimmed">
            <Trans>Deactivated: new notes no longer offer this template. Notes started from it keep their text.</Trans>
          </Text>
        )}
        {canEdit && (
          <Group justify="space-between">
            {template ? (
              <Button
                variant="subtle"
                color={template.active ? 'red' : 'teal'}
                onClick={() => void setActive(!template.active)}
                disabled={busy}
              >
                {template.active ? <Trans>Deactivate</Trans> : <Trans>Reactivate</Trans>}
              </Button>
            ) : (
              <span />
            )}
            <Button onClick={() => void save()} disabled={!dirty || !valid} loading={busy}>
              {template ? <Trans>Save changes</Trans> : <Trans>Add template</Trans>}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
