import { PATIENTS } from '@dental/domain/constants';
import { can } from '@dental/domain/permissions/can';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Checkbox, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import type { StepProps } from './patient-steps.tsx';

interface FormTemplate {
  id: string;
  title: string;
  description: string;
  category: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Templates stored on the device by the pull, so the step works offline too. */
function useFormTemplates(): FormTemplate[] | undefined {
  const { store } = useLocalData();
  return useLiveQuery(async () => {
    if (!store) return [];
    const rows = await store.reference('form_templates');
    return rows
      .map((row) => ({
        id: String(row.id),
        title: text(row.title),
        description: text(row.description),
        category: text(row.category),
      }))
      .sort((a, b) => a.title.localeCompare(b.title));
  }, [store]);
}

export function FormsStep({ values, set }: StepProps) {
  const { t } = useLingui();
  const templates = useFormTemplates();
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  if (!can(user, 'communications.send')) {
    return (
      <Text c="dimmed">
        <Trans>You do not have permission to send forms. Someone who can may send them later.</Trans>
      </Text>
    );
  }
  if (!templates) {
    return (
      <Text c="dimmed">
        <Trans>Loading forms...</Trans>
      </Text>
    );
  }
  if (templates.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No form templates are stored on this device yet. You can send forms later.</Trans>
      </Text>
    );
  }
  const selected = values.templateIds.length;
  const size = PATIENTS.formSelectionPageSize;
  const pages = Math.ceil(templates.length / size);
  const shown = templates.slice((page - 1) * size, page * size);
  const toggle = (id: string, checked: boolean) =>
    set('templateIds', checked ? [...values.templateIds, id] : values.templateIds.filter((other) => other !== id));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          <Trans>Choose the forms the patient should fill in before the first visit.</Trans>
        </Text>
        <Badge variant="light">{plural(selected, { one: '# selected', other: '# selected' })}</Badge>
      </Group>
      {shown.map((template) => (
        <Paper key={template.id} withBorder p="sm" radius="sm">
          <Checkbox
            checked={values.templateIds.includes(template.id)}
            onChange={(event) => toggle(template.id, event.currentTarget.checked)}
            label={
              <Group gap="xs">
                <Text fw={500}>{template.title}</Text>
                {template.category && (
                  <Badge size="xs" variant="outline">
                    {template.category}
                  </Badge>
                )}
              </Group>
            }
            description={template.description || undefined}
          />
        </Paper>
      ))}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label={t`Form pages`} />
        </Group>
      )}
    </Stack>
  );
}
