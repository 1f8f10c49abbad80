import { Trans } from '@lingui/react/macro';
import { Menu } from '@mantine/core';
import { IconCalendarPlus, IconTool } from '@tabler/icons-react';
import { useFormats } from '../../../platform/i18n/formats.ts';
import type { SlotRef } from '../grid/schedule-grid.tsx';
import { type MenuPoint, PointMenu } from './point-menu.tsx';

export interface SlotMenuTarget {
  slot: SlotRef;
  point: MenuPoint;
}

interface Props {
  target: SlotMenuTarget | null;
  canCreate: boolean;
  canEdit: boolean;
  onClose(): void;
  onAddAppointment(slot: SlotRef): void;
  onScheduleMaintenance(slot: SlotRef): void;
}

/** The right-click menu of an empty slot (spec 2.6). */
export function SlotMenu({ target, canCreate, canEdit, onClose, onAddAppointment, onScheduleMaintenance }: Props) {
  const slot = target?.slot;
  const timeText = useFormats().scheduleClock;
  return (
    <PointMenu
      point={target?.point ?? null}
      label={slot ? `${slot.room}, ${timeText(slot.time)}` : ''}
      onClose={onClose}
    >
      <Menu.Item
        leftSection={<IconCalendarPlus size={16} aria-hidden="true" />}
        disabled={!canCreate}
        onClick={() => slot && onAddAppointment(slot)}
      >
        <Trans>Add Appointment</Trans>
      </Menu.Item>
      <Menu.Item
        leftSection={<IconTool size={16} aria-hidden="true" />}
        disabled={!canEdit}
        onClick={() => slot && onScheduleMaintenance(slot)}
      >
        <Trans>Schedule Maintenance</Trans>
      </Menu.Item>
    </PointMenu>
  );
}
