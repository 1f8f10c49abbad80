import {
  createTicketSchema,
  DEFAULT_TICKET_PRIORITY,
  missingTicketFields,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TicketCategory,
  type TicketPriority,
} from '@dental/domain/support/ticket';
import { parseWith } from '@dental/domain/validation/issues';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { errorMessage } from '../../platform/errors/error-message.ts';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { toast } from '../../platform/toasts/toast.ts';
import { CATEGORY_LABELS, PRIORITY_LABELS } from './labels.ts';
import { useCreateTicket } from './use-tickets.ts';

interface TicketForm {
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  description: string;
  email: string;
  phone: string;
}

/** The create-ticket form (spec 2.4, 5, 8): required fields checked first, then the domain's schema. */
export function TicketForm({ onCreated }: { onCreated(): void }) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const blank = (): TicketForm => ({
    subject: '',
    category: 'technical',
    priority: DEFAULT_TICKET_PRIORITY,
    description: '',
    email: user?.email ?? '',
    phone: '',
  });
  const [form, setForm] = useState<TicketForm>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateTicket();
  const set = <K extends keyof TicketForm>(field: K, value: TicketForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (missingTicketFields(form).length > 0) {
      toast(t`Missing information`, t`Please fill in all required fields`, 'error');
      return;
    }
    const parsed = parseWith(createTicketSchema, { ...form, phone: form.phone || null });
    if (!parsed.ok) {
      setErrors(Object.fromEntries(parsed.issues.map((issue) => [issue.field, domainText(issue.message)])));
      return;
    }
    create.mutate(
      { ...form, phone: form.phone || null },
      {
        onSuccess: () => {
          toast(
            t`Support ticket created`,
            t`Your support request has been submitted. Our team will respond shortly.`,
            'success',
          );
          setForm(blank());
          onCreated();
        },
        onError: (error) =>
          toast(t`Error creating ticket`, errorMessage(error, t`Failed to submit support request`), 'error'),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Create a support ticket`}>
      <Stack gap="xs">
        <TextInput
          label={t`Subject`}
          withAsterisk
          value={form.subject}
          onChange={(event) => set('subject', event.currentTarget.value)}
          error={errors.subject}
          maxLength={200}
        />
        <SimpleGrid cols={2} spacing="xs">
          <Select
            label={t`Category`}
            data={TICKET_CATEGORIES.map((value) => ({ value, label: i18n._(CATEGORY_LABELS[value]) }))}
            value={form.category}
            onChange={(value) => value && set('category', value as TicketCategory)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t`Priority`}
            data={TICKET_PRIORITIES.map((value) => ({ value, label: i18n._(PRIORITY_LABELS[value]) }))}
            value={form.priority}
            onChange={(value) => value && set('priority', value as TicketPriority)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Textarea
          label={t`Description`}
          withAsterisk
          autosize
          minRows={3}
          maxRows={6}
          value={form.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errors.description}
        />
        <SimpleGrid cols={2} spacing="xs">
          <TextInput
            label={t`Email`}
            withAsterisk
            type="email"
            value={form.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errors.email}
          />
          <TextInput
            label={t`Phone`}
            type="tel"
            value={form.phone}
            onChange={(event) => set('phone', event.currentTarget.value)}
            error={errors.phone}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            <Trans>Submit ticket</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
