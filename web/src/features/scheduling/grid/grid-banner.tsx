import { Alert } from '@mantine/core';
import { IconCalendarOff, IconClockOff } from '@tabler/icons-react';

/** What the grid shows instead of rows: a closed day, or hours that make no slot (spec 2.6). */
export function GridBanner({ closed, date }: { closed: boolean; date: string }) {
  if (closed) {
    return (
      <Alert
        color="gray"
        variant="light"
        title="Practice Closed"
        icon={<IconCalendarOff aria-hidden="true" />}
        data-testid="closed-banner"
        data-date={date}
      >
        The practice is closed on this day. No time slots are available.
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      title="No Time Slots Available"
      icon={<IconClockOff aria-hidden="true" />}
      data-date={date}
    >
      No time slots can be made from this day&apos;s practice hours.
    </Alert>
  );
}
