import { DEFAULTS } from '@dental/domain/constants';
import { formatClockTime } from '@dental/domain/scheduling/conflicts';
import type { LocalAppointment } from '@dental/local-store';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { WizardValues } from '../check-out-values.ts';

export type Change = (update: (values: WizardValues) => WizardValues) => void;

export interface StepProps {
  appointment: LocalAppointment;
  values: WizardValues;
  onChange: Change;
  timeZone: string;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

export function visitTimes(appointment: LocalAppointment, timeZone: string): string {
  const start = formatClockTime(appointment.appointmentDate, timeZone);
  const end = formatClockTime(
    new Date(Date.parse(appointment.appointmentDate) + appointment.duration * 60_000).toISOString(),
    timeZone,
  );
  return `${start} – ${end} (${appointment.duration} min)`;
}

export function money(value: number | string): string {
  return (typeof value === 'number' ? value : 0).toLocaleString(DEFAULTS.currencyLocale, {
    style: 'currency',
    currency: DEFAULTS.currency,
  });
}
