import { zoneAbbreviation } from '@dental/domain/time/canadian-zones';
import { localDate, localTime } from '@dental/domain/time/zones';
import { useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useFormats } from '../../../platform/i18n/formats.ts';

const TICK_MS = 15_000;

/**
 * The practice's own time, whatever the device's zone: a laptop set to another zone must not make
 * the front desk read 9:00 as 10:00. Its own component, so the tick re-renders only this text.
 */
export function PracticeClock({ timeZone }: { timeZone: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const { t } = useLingui();
  const timeText = useFormats().scheduleClock;
  const zone = zoneAbbreviation(timeZone, now);
  const time = timeText(localTime(now, timeZone));
  return (
    <Group gap={6} wrap="nowrap" data-testid="practice-clock" aria-label={t`Practice time ${time}, ${timeZone}`}>
      <IconClock size={16} aria-hidden="true" />
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {time}
      </Text>
      <Text size="sm" c="dimmed">
        {timeZone.replace(/_/g, ' ')}
        {zone ? ` (${zone})` : ''}
      </Text>
    </Group>
  );
}

/** Today on the practice's clock. */
export function practiceToday(timeZone: string): string {
  return localDate(new Date(), timeZone);
}
