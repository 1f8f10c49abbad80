import { FEE_SCHEDULE_TEXTS } from '@dental/domain/clinical/fees';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { say } from '../../../platform/i18n/domain-text.ts';

/** Shown wherever fees are shown: the schedule is a made-up sample, never a provincial fee guide. */
export function SampleFeesNotice({ compact = false }: { compact?: boolean }) {
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={compact ? undefined : <IconInfoCircle size={18} />}
      p={compact ? 'xs' : undefined}
      data-testid="sample-fees"
    >
      {say(FEE_SCHEDULE_TEXTS.sampleLabel)}
    </Alert>
  );
}
