import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { IconCalendarOff, IconClockOff } from '@tabler/icons-react';

/**
 * What the grid shows instead of rows: a closed day ('Closed: Christmas Day' on a holiday the practice
 * closes on), or hours that make no slot (spec 2.6).
 */
export function GridBanner({
  closed,
  date,
  holiday,
}: {
  closed: boolean;
  date: string;
  holiday?: { name: string; nameFr: string } | undefined;
}) {
  const { t, i18n } = useLingui();
  if (closed) {
    const holidayName = holiday && (i18n.locale.startsWith('fr') ? holiday.nameFr : holiday.name);
    return (
      <Alert
        color="gray"
        variant="light"
        title={holidayName ? t`Closed: ${holidayName}` : t`Practice Closed`}
        icon={<IconCalendarOff aria-hidden="true" />}
        data-testid="closed-banner"
        data-guide="schedule-grid"
        data-date={date}
        data-holiday={holiday?.name}
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
