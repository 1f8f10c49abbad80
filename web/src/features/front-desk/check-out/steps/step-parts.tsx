import type { LocalAppointment } from '@dental/local-store';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Formats } from '../../../../platform/i18n/formats.ts';
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

export function visitTimes(appointment: LocalAppointment, timeZone: string, formats: Formats): string {
  const start = formats.instantTime(appointment.appointmentDate, timeZone);
  const end = formats.instantTime(
    new Date(Date.parse(appointment.appointmentDate) + appointment.duration * 60_000).toISOString(),
    timeZone,
  );
  return `${start} – ${end} (${appointment.duration} min)`;
}

/** An amount as the number input holds it ('' while empty), in the language shown. */
export function money(value: number | string, formats: Formats): string {
  return formats.money(typeof value === 'number' ? value : 0);
}
