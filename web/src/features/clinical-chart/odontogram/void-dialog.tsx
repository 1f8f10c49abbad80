import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { memo, useState } from 'react';

/** Asks why an entry is voided: the reason stays in the legal record beside the struck entry. */
export const VoidDialog = memo(function VoidDialog(props: {
  description: string | null;
  onClose(): void;
  onVoid(reason: string): Promise<void>;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    props.onClose();
  };
  return (
    <Modal opened={props.description !== null} onClose={close} title={t`Void entry`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return;
          setBusy(true);
          void props.onVoid(reason.trim()).finally(() => {
            setBusy(false);
            setReason('');
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{props.description}</Text>
          <Textarea
            label={t`Reason`}
            description={t`Kept in the chart's history with your name.`}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            required
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={!reason.trim()}>
              <Trans>Void entry</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});
