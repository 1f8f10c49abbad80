import { planEstimate, type TreatmentPlan } from '@dental/domain/clinical/plans';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { SignaturePad } from '../../../platform/signature/signature-pad.tsx';

/** The patient reads the estimate and signs on the tablet; the signature is kept as a PNG with the plan. */
export function AcceptDialog({
  plan,
  patientName,
  opened,
  onClose,
  onAccept,
}: {
  plan: TreatmentPlan;
  patientName: string | null;
  opened: boolean;
  onClose: () => void;
  onAccept: (signature: string, signedBy: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const { money } = useFormats();
  const [signature, setSignature] = useState<string | null>(null);
  const [signedBy, setSignedBy] = useState(patientName ?? '');
  const [busy, setBusy] = useState(false);
  const estimate = planEstimate(plan).total;
  const total = money(estimate.total / 100);
  const portion = money(estimate.patient / 100);
  const title = plan.title;

  async function accept() {
    if (!signature) return;
    setBusy(true);
    try {
      await onAccept(signature, signedBy.trim());
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t`Accept the treatment plan`} size="lg" centered>
      <Stack gap="sm">
        <Text>
          <Trans>
            I accept the treatment plan “{title}”: estimated total {total}, of which my portion is estimated at{' '}
            {portion}. The estimate depends on my insurance's answer.
          </Trans>
        </Text>
        <TextInput
          label={t`Signed by`}
          value={signedBy}
          onChange={(event) => setSignedBy(event.currentTarget.value)}
          maxLength={120}
        />
        <SignaturePad
          onChange={setSignature}
          labels={{
            pad: t`Signature: draw with a finger, a stylus or the mouse`,
            empty: t`Sign in the box above.`,
            drawn: t`Signature drawn.`,
            clear: t`Clear`,
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => void accept()} disabled={!signature} loading={busy}>
            <Trans>Accept plan</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
