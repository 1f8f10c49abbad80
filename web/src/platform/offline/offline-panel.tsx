import { t } from '@lingui/core/macro';
import { Modal } from '@mantine/core';
import { useFormats } from '../i18n/formats.ts';
import { OfflineDataView } from './offline-data-view.tsx';

export function OfflinePanel({ opened, onClose }: { opened: boolean; onClose(): void }) {
  // useFormats re-renders the panel with the language, so `t` reads the language shown.
  useFormats();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Offline data`}
      size="lg"
      centered
      attributes={{ content: { 'data-guide': 'offline-panel' } }}
    >
      <OfflineDataView active={opened} />
    </Modal>
  );
}
