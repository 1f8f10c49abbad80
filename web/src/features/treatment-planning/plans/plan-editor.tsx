import type { ProcedureFee } from '@dental/domain/clinical/fees';
import {
  PLAN_STATUS_TEXTS,
  PLAN_TEXTS,
  type PlanStatus,
  planExpiresAt,
  planStatus,
  type TreatmentPlan,
} from '@dental/domain/clinical/plans';
import { can } from '@dental/domain/permissions/can';
import type { LocalTreatmentPlan } from '@dental/local-store';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconPlus, IconPrinter, IconRefresh, IconSignature } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../../platform/auth/auth-context.tsx';
import { say } from '../../../platform/i18n/domain-text.ts';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { useCurrentPractice } from '../../../platform/practice/practice-queries.ts';
import { toast } from '../../../platform/toasts/toast.ts';
import { useClinicalCommand } from '../device/use-clinical.ts';
import { SampleFeesNotice } from '../shared/sample-fees-notice.tsx';
import { AcceptDialog } from './accept-dialog.tsx';
import { EstimateTable } from './estimate-table.tsx';
import { type EditMode, PhaseEditor } from './phase-editor.tsx';
import {
  type DraftPlan,
  draftOf,
  draftProblems,
  emptyDraft,
  newId,
  PLAN_STATUS_COLOURS,
  phasesOf,
} from './plan-model.ts';
import { PlanPrint } from './plan-print.tsx';

const fingerprint = (draft: DraftPlan) =>
  JSON.stringify({ title: draft.title.trim(), notes: draft.notes.trim(), phases: phasesOf(draft) });

/**
 * A treatment plan: a new one being written, or a saved one in whatever status it has. What can change
 * follows the status: everything while proposed, the progress of each procedure once treatment started,
 * nothing once accepted (until started), completed or expired.
 */
export function PlanEditor({
  plan,
  patientId,
  patientName,
  fees,
  onSaved,
}: {
  plan: LocalTreatmentPlan | null;
  patientId: string;
  patientName: string | null;
  fees: readonly ProcedureFee[];
  onSaved: (plan: TreatmentPlan) => void;
}) {
  const { t } = useLingui();
  const { user } = useAuth();
  const { timezone } = useLocalData();
  const practice = useCurrentPractice();
  const { instantLongDate, instantDated } = useFormats();
  const command = useClinicalCommand();
  const canPlan = can(user, 'clinical.treatments');
  const status: PlanStatus | null = plan ? planStatus(plan, new Date()) : null;
  const saved = useMemo(() => (plan ? draftOf(plan) : emptyDraft(t`Treatment plan`, t`Disease control`)), [plan, t]);
  const [draft, setDraft] = useState(saved);
  const [accepting, setAccepting] = useState(false);
  const [busy, setBusy] = useState(false);
  const dirty = fingerprint(draft) !== fingerprint(saved);
  // A change arriving from another device replaces what is on screen only when nothing was typed here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new saved version resets the draft
  useEffect(() => {
    if (!dirty) setDraft(saved);
  }, [saved]);

  const mode: EditMode = !canPlan
    ? 'none'
    : status === null || status === 'proposed'
      ? 'full'
      : status === 'accepted' || status === 'in_progress'
        ? 'progress'
        : 'none';
  const invalid = draftProblems(draft);
  const itemCount = draft.phases.reduce((count, phase) => count + phase.items.length, 0);

  async function save(): Promise<TreatmentPlan | undefined> {
    setBusy(true);
    try {
      const body = { title: draft.title.trim(), notes: draft.notes.trim() || null, phases: phasesOf(draft) };
      const result = plan
        ? await command((clinical) => clinical.updatePlan(plan.id, body), t`The plan was not saved`)
        : await command((clinical) => clinical.createPlan({ patientId, ...body }), t`The plan was not saved`);
      if (result) {
        toast(t`Plan saved`, undefined, 'success');
        onSaved(result);
      }
      return result;
    } finally {
      setBusy(false);
    }
  }

  async function setStatus(next: 'in_progress' | 'completed') {
    if (!plan) return;
    setBusy(true);
    try {
      const result = await command((clinical) => clinical.updatePlan(plan.id, { status: next }));
      if (result) onSaved(result);
    } finally {
      setBusy(false);
    }
  }

  async function accept(signature: string, signedBy: string) {
    if (!plan) return;
    if (dirty && !(await save())) return;
    const result = await command(
      (clinical) => clinical.acceptPlan(plan.id, { signature, signedBy: signedBy || null }),
      t`The plan was not accepted`,
    );
    if (result) {
      setAccepting(false);
      toast(t`Plan accepted`, undefined, 'success');
      onSaved(result);
    }
  }

  /** An expired proposal is proposed again: the same plan, its 90 days restarted, open to review and change. */
  async function proposeAgain() {
    if (!plan) return;
    const result = await command((clinical) => clinical.updatePlan(plan.id, { status: 'proposed' }));
    if (result) {
      toast(t`Proposed again`, t`The plan is proposed for another 90 days. Review it with the patient.`, 'success');
      onSaved(result);
    }
  }

  const proposedOn = plan ? instantLongDate(plan.proposedAt, timezone) : '';
  const expiresOn = plan ? instantLongDate(planExpiresAt(plan), timezone) : '';
  const acceptedAt = plan?.acceptedAt ? instantDated(plan.acceptedAt, timezone) : '';
  const acceptedBy = plan?.acceptedByName ?? patientName ?? '';

  return (
    <Stack gap="md" data-testid="plan-editor" data-status={status ?? 'new'}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 320px' }}>
          {mode === 'full' ? (
            <TextInput
              label={t`Plan title`}
              value={draft.title}
              onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
              error={draft.title.trim() === '' ? t`A plan needs a title` : undefined}
              maxLength={120}
              maw={480}
            />
          ) : (
            <Title order={3}>{draft.title}</Title>
          )}
          {plan && status && (
            <Group gap="xs">
              <Badge color={PLAN_STATUS_COLOURS[status]} variant="dot" data-testid="plan-status">
                {say(PLAN_STATUS_TEXTS[status])}
              </Badge>
              {plan.version === 0 && (
                <Badge size="xs" color="blue.9" variant="filled" data-testid="plan-pending">
                  <Trans>Pending sync</Trans>
                </Badge>
              )}
              <Text size="sm" c="dimmed">
                {status === 'proposed' ? (
                  <Trans>
                    Proposed {proposedOn} · valid until {expiresOn}
                  </Trans>
                ) : (
                  <Trans>Proposed {proposedOn}</Trans>
                )}
              </Text>
            </Group>
          )}
        </Stack>
        <Group gap="xs">
          {plan && (
            <Tooltip
              label={t`Prints the plan. To save it as a PDF, choose “Save as PDF” as the printer in the print window.`}
              multiline
              w={260}
            >
              <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                <Trans>Print or PDF</Trans>
              </Button>
            </Tooltip>
          )}
          {mode === 'full' && (
            <Button onClick={() => void save()} disabled={invalid || (plan !== null && !dirty)} loading={busy}>
              {plan ? <Trans>Save changes</Trans> : <Trans>Create plan</Trans>}
            </Button>
          )}
          {canPlan && status === 'proposed' && (
            <Button
              color="teal"
              leftSection={<IconSignature size={16} />}
              onClick={() => setAccepting(true)}
              disabled={invalid || itemCount === 0}
            >
              <Trans>Accept with signature</Trans>
            </Button>
          )}
          {canPlan && status === 'accepted' && (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => void setStatus('in_progress')}
              loading={busy}
            >
              <Trans>Start treatment</Trans>
            </Button>
          )}
          {mode === 'progress' && (
            <Button variant="default" onClick={() => void save()} disabled={!dirty} loading={busy}>
              <Trans>Save progress</Trans>
            </Button>
          )}
          {canPlan && status === 'in_progress' && (
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              onClick={() => void setStatus('completed')}
              disabled={dirty}
              loading={busy}
            >
              <Trans>Mark completed</Trans>
            </Button>
          )}
        </Group>
      </Group>
      {plan && (
        <Text size="xs" c="dimmed">
          <Trans>To save as PDF, choose “Save as PDF” as the printer in the print window.</Trans>
        </Text>
      )}

      {status === 'expired' && (
        <Alert color="red" variant="light" title={say(PLAN_STATUS_TEXTS.expired)} data-testid="plan-expired">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{say(PLAN_TEXTS.expired)}</Text>
            {canPlan && (
              <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => void proposeAgain()}>
                <Trans>Propose again</Trans>
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {plan?.signature && (
        <Paper withBorder p="sm" radius="md" data-testid="plan-signature">
          <Group gap="md" align="center">
            <img
              src={plan.signature}
              alt={t`Signature of ${acceptedBy}`}
              style={{ height: 56, background: '#fff', borderRadius: 4 }}
            />
            <Text size="sm">
              <Trans>
                Accepted by {acceptedBy} · {acceptedAt}
              </Trans>
            </Text>
          </Group>
        </Paper>
      )}

      <SampleFeesNotice compact />
      {draft.phases.map((phase, index) => (
        <PhaseEditor
          key={phase.key}
          phase={phase}
          index={index}
          fees={fees}
          mode={mode}
          onChange={(next) => setDraft({ ...draft, phases: draft.phases.map((p) => (p.key === phase.key ? next : p)) })}
          onRemove={
            draft.phases.length > 1
              ? () => setDraft({ ...draft, phases: draft.phases.filter((p) => p.key !== phase.key) })
              : undefined
          }
        />
      ))}
      {mode === 'full' && draft.phases.length < 10 && (
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            const number = draft.phases.length + 1;
            setDraft({ ...draft, phases: [...draft.phases, { key: newId(), name: t`Phase ${number}`, items: [] }] });
          }}
          style={{ alignSelf: 'flex-start' }}
        >
          <Trans>Add a phase</Trans>
        </Button>
      )}

      <EstimateTable phases={phasesOf(draft)} />

      {mode === 'full' ? (
        <Textarea
          label={t`Notes`}
          value={draft.notes}
          onChange={(event) => setDraft({ ...draft, notes: event.currentTarget.value })}
          autosize
          minRows={2}
          maxLength={4000}
        />
      ) : (
        draft.notes && <Text size="sm">{draft.notes}</Text>
      )}

      {plan && (
        <AcceptDialog
          key={String(accepting)}
          plan={plan}
          patientName={patientName}
          opened={accepting}
          onClose={() => setAccepting(false)}
          onAccept={accept}
        />
      )}
      {plan && (
        <PlanPrint
          plan={plan}
          practiceName={practice.data?.name ?? ''}
          patientName={patientName ?? ''}
          timezone={timezone}
        />
      )}
    </Stack>
  );
}
