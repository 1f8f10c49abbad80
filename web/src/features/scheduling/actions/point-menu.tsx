import { Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormats } from '../../../platform/i18n/formats.ts';

export interface MenuPoint {
  x: number;
  y: number;
  /** Where focus goes back when the menu closes (the '⋯' button, or the grid for a slot). */
  returnFocus: HTMLElement | null;
}

interface Props {
  point: MenuPoint | null;
  label: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * One menu for the whole grid, opened at a pointer position or under a button: hundreds of cards
 * share it instead of each mounting its own.
 */
/** French items run longer: the menu widens rather than wrapping them. */
const MENU_WIDTH = { en: 220, fr: 260 } as const;

export function PointMenu({ point, label, onClose, children }: Props) {
  const { language } = useFormats();
  return (
    <Menu
      opened={point !== null}
      onChange={(opened) => {
        if (!opened) onClose();
      }}
      onClose={() => point?.returnFocus?.focus({ preventScroll: true })}
      position="bottom-start"
      offset={2}
      shadow="md"
      width={MENU_WIDTH[language]}
      withinPortal
      trapFocus
      returnFocus={false}
    >
      <Menu.Target>
        <div
          aria-hidden="true"
          style={{
            position: 'fixed',
            left: point?.x ?? 0,
            top: point?.y ?? 0,
            width: 1,
            height: 1,
            pointerEvents: 'none',
          }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={label}>
        <Menu.Label>{label}</Menu.Label>
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}
