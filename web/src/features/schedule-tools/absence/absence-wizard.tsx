import type { WeeklyHours } from '@dental/domain/practices/hours';
import { ABSENCE_STEPS, ABSENCE_TEXTS, type AbsencePreview } from '@dental/domain/scheduling/absence.schema';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stepper, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../platform/api/api.ts';
import { useConnection } from '../../../platform/api/connection.ts';
import { domainText } from '../../../platform/i18n/domain-text.ts';
import { useLocalData } from '../../../platform/offline/local-data.tsx';
import { toast } from '../../../platform/toasts/toast.ts';
import type { GridRoom, Provider } from '../../scheduling/index.ts';
import { type Drafts, draftProblem, groupsOf, initialDrafts, type Lookup, planOf } from './absence-model.ts';
import { type AbsenceDetails, ConfirmationStep, DetailsStep, ProviderStep, ReviewStep } from './absence-steps.tsx';
import { RescheduleOptionsStep } from './reschedule-options.tsx';

interface Props {
  opened: boolean;
  /** A new session remounts the wizard, so every opening starts from the schedule's day. */
  session: number;
  date: string;
  providers: readonly Provider[];
  rooms: readonly GridRoom[];
  hours: WeeklyHours | null;
  timeZone: string;
  onClose(): void;
}

const LAST = ABSENCE_STEPS.length - 1;

export function AbsenceWizard({ opened, session, onClose, ...rest }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Provider Absence`}
      centered
      size="xl"
      attributes={{ content: { 'data-guide': 'absence-wizard' } }}
    >
      {opened && <WizardBody key={session} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function WizardBody({ date, providers, rooms, hours, timeZone, onClose }: Omit<Props, 'opened' | 'session'>) {
  const { t } = useLingui();
  const local = useLocalData();
  const { online } = useConnection();
  const [step, setStep] = useState(0);
  const [providerId, setProviderId] = useState<string | null>(null);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [details, setDetails] = useState<AbsenceDetails>({
    reason: null,
    startDate: date,
    endDate: date,
    notes: '',
    emergencyContact: null,
    notifyPatients: true,
  });
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [drafts, setDrafts] = useState<Drafts>({});
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const absentId = Number(providerId);
  const affected = lookup.state === 'done' ? lookup.preview.affected : [];

  // Counts look-ups, so an answer that arrives after the provider or days changed is dropped.
  const lookupRun = useRef(0);

  /** Another provider or other days: the affected list and the plans made for it no longer apply. */
  const resetLookup = useCallback(() => {
    lookupRun.current += 1;
    setLookup({ state: 'idle' });
    setDrafts({});
  }, []);

  const findAffected = useCallback(async () => {
    lookupRun.current += 1;
    const run = lookupRun.current;
    setLookup({ state: 'loading' });
    try {
      const preview = await apiRequest<AbsencePreview>('/api/provider-absences/preview', {
        method: 'POST',
        body: { providerId: absentId, startDate: details.startDate, endDate: details.endDate },
      });
      if (run === lookupRun.current) setLookup({ state: 'done', preview });
    } catch (error) {
      if (run !== lookupRun.current) return;
      setLookup({ state: 'failed', message: error instanceof Error ? error.message : t`The look-up failed.` });
    }
  }, [absentId, details.startDate, details.endDate, t]);

  // The review step needs the server's list: looked up on arrival, or as soon as the connection is back.
  useEffect(() => {
    if (step === 2 && online && lookup.state === 'idle') void findAffected();
  }, [step, online, lookup.state, findAffected]);

  function next() {
    if (step === 0 && !providerId) {
      setProviderError(ABSENCE_TEXTS.selectProviderMessage);
      toast(domainText(ABSENCE_TEXTS.selectProviderTitle), domainText(ABSENCE_TEXTS.selectProviderMessage), 'error');
      return;
    }
    if (step === 1 && !details.reason) {
      setReasonError(ABSENCE_TEXTS.reasonMessage);
      toast(domainText(ABSENCE_TEXTS.reasonTitle), domainText(ABSENCE_TEXTS.reasonMessage), 'error');
      return;
    }
    if (step === 2) {
      if (lookup.state !== 'done') return;
      // Spec 2.10: moving on to the options is when the suggestions are laid out. Choices already
      // made (the user went back to the list and forward again) are kept.
      setDrafts((current) => ({ ...initialDrafts(lookup.preview.affected, timeZone), ...current }));
    }
    if (step === 3) {
      const incomplete = affected.find(({ appointment }) => {
        const draft = drafts[appointment.id];
        return !draft || draftProblem(draft, absentId) !== null;
      });
      if (incomplete) {
        const patientName = incomplete.appointment.patientName;
        toast(t`Missing Information`, t`Complete the plan for ${patientName}.`, 'error');
        return;
      }
    }
    setStep((current) => Math.min(current + 1, LAST));
  }

  async function process() {
    setProcessing(true);
    setFailure(null);
    try {
      await apiRequest('/api/provider-absences', {
        method: 'POST',
        body: {
          providerId: absentId,
          startDate: details.startDate,
          endDate: details.endDate,
          reason: details.reason,
          notes: details.notes.trim() || null,
          emergencyContact: details.emergencyContact ? Number(details.emergencyContact) : null,
          notifyPatients: details.notifyPatients,
          plans: affected.flatMap(({ appointment }) => {
            const draft = drafts[appointment.id];
            return draft ? [planOf(appointment.id, draft, details.notifyPatients)] : [];
          }),
        },
      });
      toast(domainText(ABSENCE_TEXTS.success), undefined, 'success');
      // The moves and the absence were written on the server: bring them to this device now.
      void local.syncNow();
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : ABSENCE_TEXTS.failedMessage);
      toast(domainText(ABSENCE_TEXTS.failedTitle), domainText(ABSENCE_TEXTS.failedMessage), 'error');
    } finally {
      setProcessing(false);
    }
  }

  const provider = providers.find((entry) => entry.id === absentId) ?? null;
  const groups = groupsOf(affected);

  return (
    <>
      <Stepper
        active={step}
        size="xs"
        iconSize={26}
        wrap={false}
        mb="md"
        allowNextStepsSelect={false}
        onStepClick={setStep}
        // One row even on a tablet: a long title breaks onto two lines rather than the steps onto two rows.
        styles={{ stepLabel: { whiteSpace: 'normal', lineHeight: 1.2 }, separator: { marginInline: 6, minWidth: 8 } }}
      >
        {ABSENCE_STEPS.map((entry) => (
          <Stepper.Step key={entry.key} label={domainText(entry.title)} />
        ))}
      </Stepper>
      {!online && (
        <Alert color="yellow" variant="light" icon={<IconWifiOff size={16} aria-hidden="true" />} mb="sm">
          {domainText(ABSENCE_TEXTS.needsNetwork)}
        </Alert>
      )}
      <div data-testid={`absence-step-${ABSENCE_STEPS[step]?.key}`}>
        {step === 0 && (
          <ProviderStep
            providers={providers}
            value={providerId}
            error={providerError && domainText(providerError)}
            onChange={(value) => {
              setProviderError(null);
              resetLookup();
              setProviderId(value);
            }}
          />
        )}
        {step === 1 && (
          <DetailsStep
            details={details}
            reasonError={reasonError && domainText(reasonError)}
            contacts={providers.filter((entry) => entry.id !== absentId)}
            onChange={(change) => {
              if (change.reason) setReasonError(null);
              if (change.startDate !== undefined || change.endDate !== undefined) resetLookup();
              setDetails((current) => ({ ...current, ...change }));
            }}
          />
        )}
        {step === 2 && <ReviewStep lookup={lookup} online={online} timeZone={timeZone} onRetry={findAffected} />}
        {step === 3 && (
          <RescheduleOptionsStep
            groups={groups}
            drafts={drafts}
            absentId={absentId}
            providers={providers}
            rooms={rooms}
            hours={hours}
            timeZone={timeZone}
            onChange={setDrafts}
          />
        )}
        {step === 4 && (
          <ConfirmationStep
            provider={provider}
            details={details}
            affected={affected}
            drafts={drafts}
            providers={providers}
            timeZone={timeZone}
          />
        )}
      </div>
      {failure && (
        <Alert color="red" variant="light" title={domainText(ABSENCE_TEXTS.failedTitle)} mt="sm" role="alert">
          <Text size="sm">{domainText(failure)}</Text>
        </Alert>
      )}
      <Group justify="space-between" mt="lg">
        <Button variant="default" onClick={() => setStep((current) => Math.max(current - 1, 0))} disabled={step === 0}>
          <Trans>Back</Trans>
        </Button>
        <Group gap="xs">
          <Button variant="subtle" color="gray" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          {step < LAST ? (
            <Button onClick={next} disabled={step === 2 && lookup.state !== 'done'}>
              <Trans>Next</Trans>
            </Button>
          ) : (
            <Button color="red" onClick={() => void process()} disabled={!online || processing}>
              {processing ? <Trans>Processing...</Trans> : <Trans>Process Absence</Trans>}
            </Button>
          )}
        </Group>
      </Group>
    </>
  );
}
