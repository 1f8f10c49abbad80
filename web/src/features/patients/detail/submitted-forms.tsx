import { can } from '@dental/domain/permissions/can';
import type { FormSubmission, FormSubmissionStatus } from '@dental/domain/public/form-submission';
import type { FormFieldDefinition, PublicForm } from '@dental/domain/public/public-api';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Image, Modal, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiRequest } from '../../../platform/api/api.ts';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { serverErrorText } from '../../../platform/i18n/server-error.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import { OnlineRecords } from './online-records.tsx';

const STATUS_LABELS: Record<FormSubmissionStatus, MessageDescriptor> = {
  draft: msg`Being filled in`,
  submitted: msg`Waiting for review`,
  accepted: msg`Accepted`,
  rejected: msg`Rejected`,
};
const STATUS_COLOURS: Record<FormSubmissionStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  accepted: 'teal',
  rejected: 'red',
};

/** An answer as staff read it: a ticked box says yes or no, a choice its label. */
function answerText(field: FormFieldDefinition, value: string | boolean | undefined, yes: string, no: string) {
  if (value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? yes : no;
  const index = field.options?.indexOf(value) ?? -1;
  return (index >= 0 ? field.optionLabels?.[index] : undefined) ?? value;
}

function FormAnswersTable({ form, answers }: { form: PublicForm; answers: Record<string, string | boolean> }) {
  const { t } = useLingui();
  const fields = form.fields.filter((field) => field.type !== 'signature');
  return (
    <Table withRowBorders verticalSpacing={4} fz="sm" aria-label={form.name}>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field.name}>
            <Table.Th w="45%" fw={500}>
              {field.label}
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
              {answerText(field, answers[field.name], t`Yes`, t`No`)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function useDecision(submission: FormSubmission, onDone: () => void) {
  const client = useQueryClient();
  const { pullNow } = useLocalData();
  return useMutation({
    mutationFn: (decision: { accept: true } | { accept: false; reason: string }) =>
      apiRequest<FormSubmission>(
        `/api/form-submissions/${encodeURIComponent(submission.id)}/${decision.accept ? 'accept' : 'reject'}`,
        { method: 'POST', body: decision.accept ? {} : decision.reason ? { reason: decision.reason } : {} },
      ),
    onSuccess: async () => {
      onDone();
      // The accepted history changed the patient on the server: bring it to this device now.
      void pullNow();
      await client.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).includes('form-submissions'),
      });
    },
  });
}

/** One submission: the answers form by form, the signature, and the staff's decision. */
function SubmissionDialog({ submission, onClose }: { submission: FormSubmission; onClose(): void }) {
  const { t, i18n } = useLingui();
  const formats = useFormats();
  const { timezone } = useLocalData();
  const { user } = useAuth();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useDecision(submission, onClose);
  const canDecide = can(user, 'patients.edit') && submission.status === 'submitted';

  const run = async (decision: { accept: true } | { accept: false; reason: string }) => {
    try {
      await decide.mutateAsync(decision);
      toast(decision.accept ? t`Forms accepted` : t`Forms rejected`, undefined, 'success');
    } catch (error) {
      const text = (error instanceof ApiError ? serverErrorText(error.body) : undefined) ?? t`Please try again.`;
      toast(t`The decision could not be saved`, text, 'error');
    }
  };

  return (
    <Modal opened onClose={onClose} title={t`Submitted forms`} size="xl" centered>
      <Stack gap="md">
        <Group gap="sm">
          <Badge color={STATUS_COLOURS[submission.status]} variant="outline">
            {i18n._(STATUS_LABELS[submission.status])}
          </Badge>
          {submission.submittedAt && (
            <Text size="sm" c="dimmed">
              <Trans>Sent by the patient {formats.instantDated(submission.submittedAt, timezone)}</Trans>
            </Text>
          )}
        </Group>
        {submission.status === 'rejected' && submission.reason && (
          <Alert color="red" variant="light">
            <Trans>Rejected: {submission.reason}</Trans>
          </Alert>
        )}
        {submission.forms.map((form) => (
          <Paper key={form.id} withBorder p="sm" radius="md" component="section">
            <Title order={4} mb="xs">
              {form.name}
            </Title>
            <FormAnswersTable form={form} answers={submission.answers[String(form.id)] ?? {}} />
          </Paper>
        ))}
        <Stack gap={4}>
          <Title order={5}>
            <Trans>Signature</Trans>
          </Title>
          {submission.signature ? (
            <Image
              src={submission.signature}
              alt={t`The patient's signature`}
              maw={360}
              bg="white"
              radius="sm"
              style={{ border: '1px solid var(--mantine-color-default-border)' }}
            />
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Not signed.</Trans>
            </Text>
          )}
        </Stack>
        {canDecide && !rejecting && (
          <>
            <Alert color="blue" variant="light">
              <Trans>
                Accepting adds the medical-history answers (conditions, medications and allergies) to the patient's
                record, beside what is already there. Nothing else on the record changes.
              </Trans>
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" color="red" onClick={() => setRejecting(true)}>
                <Trans>Reject</Trans>
              </Button>
              <Button onClick={() => void run({ accept: true })} loading={decide.isPending}>
                <Trans>Accept</Trans>
              </Button>
            </Group>
          </>
        )}
        {canDecide && rejecting && (
          <Stack gap="sm">
            <Textarea
              label={t`Reason (optional)`}
              description={t`Kept with the submission for the team. The patient is not told.`}
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(false)}>
                <Trans>Back</Trans>
              </Button>
              <Button
                color="red"
                onClick={() => void run({ accept: false, reason: reason.trim() })}
                loading={decide.isPending}
              >
                <Trans>Reject forms</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

/** What the patient sent back from their link, newest first; nothing reaches the record until accepted. */
export function SubmittedForms({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const { t, i18n } = useLingui();
  const formats = useFormats();
  const [open, setOpen] = useState<FormSubmission | null>(null);
  return (
    <Stack gap="sm">
      <Title order={4}>
        <Trans>Submitted forms</Trans>
      </Title>
      <OnlineRecords<FormSubmission>
        what="submissions"
        path={`/api/form-submissions?patientId=${encodeURIComponent(patientId)}`}
        empty={t`The patient has not sent back any forms.`}
      >
        {(submissions) => (
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label={t`Submitted forms`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Received</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Forms</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Status</Trans>
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {submissions.map((submission) => (
                  <Table.Tr key={submission.id} data-testid="submission-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {submission.submittedAt ? formats.instantShort(submission.submittedAt, timeZone) : '—'}
                    </Table.Td>
                    <Table.Td>{submission.forms.map((form) => form.name).join(', ')}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOURS[submission.status]} variant="outline" miw="max-content">
                        {i18n._(STATUS_LABELS[submission.status])}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="end">
                      <Button size="compact-sm" variant="default" onClick={() => setOpen(submission)}>
                        {submission.status === 'submitted' ? <Trans>Review</Trans> : <Trans>Open</Trans>}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </OnlineRecords>
      {open && <SubmissionDialog submission={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
