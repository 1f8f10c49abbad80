import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { IconCalendarOff, IconClockOff } from '@tabler/icons-react';

/** What the grid shows instead of rows: a closed day, or hours that make no slot (spec 2.6). */
export function GridBanner({ closed, date }: { closed: boolean; date: string }) {
  const { t } = useLingui();
  if (closed) {
    return (
      <Alert
        color="gray"
        variant="light"
        title={t`Practice Closed`}
        icon={<IconCalendarOff aria-hidden="true" />}
        data-testid="closed-banner"
        data-guide="schedule-grid"
        data-date={date}
      >
        <Trans>The practice is closed on this day. No time slots are available.</Trans>
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t`No Time Slots Available`}
      icon={<IconClockOff aria-hidden="true" />}
      data-date={date}
      data-guide="schedule-grid"
    >
      <Trans>No time slots can be made from this day&apos;s practice hours.</Trans>
    </Alert>
  );
}
