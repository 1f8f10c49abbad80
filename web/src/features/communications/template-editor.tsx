import {
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  type MessageTemplate,
  TEMPLATE_PLACEHOLDERS,
  type TemplatePlaceholder,
} from '@dental/domain/communications/delivery';
import {
  renderTemplate,
  TEMPLATE_KEYS,
  TEMPLATE_TEXTS,
  type TemplateKey,
  type TemplateValues,
  unknownPlaceholders,
} from '@dental/domain/communications/templates';
import { formatClock, formatLongDate } from '@dental/domain/i18n/formats';
import { fill } from '@dental/domain/i18n/text';
import { can } from '@dental/domain/permissions/can';
import { PATIENT_LANGUAGES, type PatientLanguage } from '@dental/domain/public/public-token';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Group,
  Input,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useCurrentPractice } from '../../platform/practice/practice-queries.ts';
import { toast } from '../../platform/toasts/toast.ts';
import { useCommunicationWrites, useTemplates } from './communications-api.ts';
import { failedField, failureText } from './failure.ts';
import { CHANNEL_LABELS, LANGUAGE_LABELS, PLACEHOLDER_LABELS, TEMPLATE_LABELS } from './labels.ts';

/** One SMS segment; longer texts are split and cost more. */
const SMS_SEGMENT = 160;

/** What the preview fills in: a made-up patient and visit, in the template's language. */
function sampleValues(language: PatientLanguage, practiceName: string): TemplateValues {
  return {
    patientFirstName: language === 'fr' ? 'Amélie' : 'Jordan',
    practiceName,
    practicePhone: '(416) 555-0123',
    appointmentDate: formatLongDate('2026-12-08', language),
    appointmentTime: formatClock('14:30', language),
    providerName: 'Dr. Patel',
    procedure: language === 'fr' ? 'Nettoyage' : 'Cleaning',
    link: 'https://clinic.example/confirm-appointment/…',
    message: language === 'fr' ? 'Votre rendez-vous est maintenant à 14 h 30.' : 'Your visit is now at 2:30 PM.',
  };
}

type Field = 'subject' | 'body';

const sameTemplate = (a: MessageTemplate, key: string, channel: DeliveryChannel, language: PatientLanguage) =>
  a.key === key && a.channel === channel && a.language === language;

/** The server's own refusal, checked before saving. */
function problemsIn(field: Field, text: string): string | undefined {
  const unknown = unknownPlaceholders(text);
  return unknown.length === 0
    ? undefined
    : domainText(
        fill(TEMPLATE_TEXTS.unknownPlaceholder, { field, names: unknown.map((name) => `{${name}}`).join(', ') }),
      );
}

/** The text of one template, with the placeholders as chips and a preview; saved with PUT. */
function Editor({ template, canEdit }: { template: MessageTemplate; canEdit: boolean }) {
  const { t, i18n } = useLingui();
  const practice = useCurrentPractice();
  const writes = useCommunicationWrites();
  const [subject, setSubject] = useState(template.subject ?? '');
  const [body, setBody] = useState(template.body);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const lastField = useRef<Field>('body');
  const fields = { subject: useRef<HTMLInputElement>(null), body: useRef<HTMLTextAreaElement>(null) };
  const email = template.channel === 'email';
  const changed = body !== template.body || (email && subject !== (template.subject ?? ''));

  const insert = (placeholder: TemplatePlaceholder) => {
    const field = email ? lastField.current : 'body';
    const element = fields[field].current;
    const current = field === 'body' ? body : subject;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    const token = `{${placeholder}}`;
    const next = current.slice(0, start) + token + current.slice(end);
    (field === 'body' ? setBody : setSubject)(next);
    setErrors((shown) => ({ ...shown, [field]: undefined }));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const save = async () => {
    const refused = { subject: email ? problemsIn('subject', subject) : undefined, body: problemsIn('body', body) };
    setErrors(refused);
    if (refused.subject || refused.body) return;
    try {
      await writes.saveTemplate.mutateAsync({
        key: template.key,
        channel: template.channel,
        language: template.language,
        ...(email ? { subject } : {}),
        body,
      });
      toast(t`Template saved`, undefined, 'success');
    } catch (error) {
      const field = failedField(error);
      const message = failureText(error, t`The template could not be saved.`);
      if (field === 'body' || field === 'subject') setErrors({ [field]: message });
      else toast(t`The template could not be saved`, message, 'error');
    }
  };

  const values = sampleValues(template.language, practice.data?.name ?? t`Your practice`);
  const previewBody = renderTemplate(body, values);
  const length = body.length;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="sm">
        {email && (
          <TextInput
            ref={fields.subject}
            label={t`Subject`}
            value={subject}
            readOnly={!canEdit}
            error={errors.subject}
            onFocus={() => {
              lastField.current = 'subject';
            }}
            onChange={(event) => {
              setSubject(event.currentTarget.value);
              setErrors((shown) => ({ ...shown, subject: undefined }));
            }}
          />
        )}
        <Textarea
          ref={fields.body}
          label={t`Message`}
          autosize
          minRows={email ? 8 : 4}
          maxRows={16}
          value={body}
          readOnly={!canEdit}
          error={errors.body}
          description={email ? undefined : t`${length} characters; one text message holds ${SMS_SEGMENT}.`}
          onFocus={() => {
            lastField.current = 'body';
          }}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setErrors((shown) => ({ ...shown, body: undefined }));
          }}
          data-testid="template-body"
        />
        {canEdit && (
          <Stack gap={4}>
            <Input.Label component="div" id="placeholder-chips">
              <Trans>Insert a placeholder</Trans>
            </Input.Label>
            <Group gap={6} role="group" aria-labelledby="placeholder-chips">
              {TEMPLATE_PLACEHOLDERS.map((placeholder) => (
                <UnstyledButton
                  key={placeholder}
                  onClick={() => insert(placeholder)}
                  title={i18n._(PLACEHOLDER_LABELS[placeholder])}
                >
                  <Badge variant="outline" tt="none" size="lg" style={{ cursor: 'pointer' }}>
                    {`{${placeholder}}`}
                  </Badge>
                </UnstyledButton>
              ))}
            </Group>
          </Stack>
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!changed}
              onClick={() => {
                setSubject(template.subject ?? '');
                setBody(template.body);
                setErrors({});
              }}
            >
              <Trans>Undo changes</Trans>
            </Button>
            <Button onClick={() => void save()} loading={writes.saveTemplate.isPending} disabled={!changed}>
              <Trans>Save template</Trans>
            </Button>
          </Group>
        )}
      </Stack>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="template-preview-title">
        <Stack gap="xs">
          <Title order={4} id="template-preview-title">
            <Trans>Preview</Trans>
          </Title>
          <Text size="xs" c="dimmed">
            <Trans>With sample values. The real message uses the patient's and the appointment's.</Trans>
          </Text>
          {email && (
            <Text fw={600} data-testid="template-preview-subject">
              {renderTemplate(subject, values)}
            </Text>
          )}
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview">
            {previewBody}
          </Text>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

/**
 * Every kind of message in each channel and language; `channel` keeps the one channel a screen is about
 * (SMS management).
 */
export function TemplatesPanel({ channel }: { channel?: DeliveryChannel }) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const templates = useTemplates();
  const [key, setKey] = useState<TemplateKey>('appointment_reminder');
  const [chosenChannel, setChannel] = useState<DeliveryChannel>(channel ?? 'email');
  const [language, setLanguage] = useState<PatientLanguage>('en');
  const shownChannel = channel ?? chosenChannel;
  const canEdit = can(user, 'communications.send');

  if (templates.isPending) return <Loader size="sm" aria-label={t`Loading templates`} />;
  if (templates.isError) {
    return (
      <Alert color="yellow" role="alert">
        <Trans>The templates could not be loaded: {domainText(templates.error.message)}</Trans>
      </Alert>
    );
  }
  const template = templates.data.find((candidate) => sameTemplate(candidate, key, shownChannel, language));
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t`Template`}
          w={260}
          data={TEMPLATE_KEYS.map((value) => ({ value, label: i18n._(TEMPLATE_LABELS[value]) }))}
          value={key}
          onChange={(value) => value && setKey(value as TemplateKey)}
          allowDeselect={false}
        />
        {!channel && (
          <Stack gap={4}>
            <Input.Label id="template-channel">
              <Trans>Channel</Trans>
            </Input.Label>
            <SegmentedControl
              aria-labelledby="template-channel"
              data={DELIVERY_CHANNELS.map((value) => ({ value, label: i18n._(CHANNEL_LABELS[value]) }))}
              value={chosenChannel}
              onChange={(value) => setChannel(value as DeliveryChannel)}
            />
          </Stack>
        )}
        <Stack gap={4}>
          <Input.Label id="template-language">
            <Trans>Language</Trans>
          </Input.Label>
          <SegmentedControl
            aria-labelledby="template-language"
            data={PATIENT_LANGUAGES.map((value) => ({ value, label: i18n._(LANGUAGE_LABELS[value]) }))}
            value={language}
            onChange={(value) => setLanguage(value as PatientLanguage)}
          />
        </Stack>
      </Group>
      {!canEdit && (
        <Text size="sm" c="dimmed">
          <Trans>You can read the templates; changing them needs the permission to send messages.</Trans>
        </Text>
      )}
      {template ? (
        <Editor
          key={`${template.key}/${template.channel}/${template.language}/${template.updatedAt ?? ''}`}
          template={template}
          canEdit={canEdit}
        />
      ) : (
        <Text c="dimmed">
          <Trans>This message has no template yet.</Trans>
        </Text>
      )}
    </Stack>
  );
}
