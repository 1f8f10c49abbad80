import { useLocalStorage } from '@mantine/hooks';
import type { NavGroup } from './nav-items.ts';

/** Grouped or flat, collapsed or not, and which groups are open: remembered on this device (spec 2.4). */
export interface SidebarPreferences {
  grouped: boolean;
  collapsed: boolean;
  expanded: NavGroup[];
}

const DEFAULTS: SidebarPreferences = { grouped: true, collapsed: false, expanded: [] };

export function useSidebarPreferences() {
  return useLocalStorage<SidebarPreferences>({
    key: 'dentalflow-sidebar',
    defaultValue: DEFAULTS,
    getInitialValueInEffect: false,
    deserialize: (value) => {
      try {
        const parsed = value ? (JSON.parse(value) as Partial<SidebarPreferences>) : {};
        return {
          grouped: typeof parsed.grouped === 'boolean' ? parsed.grouped : DEFAULTS.grouped,
          collapsed: typeof parsed.collapsed === 'boolean' ? parsed.collapsed : DEFAULTS.collapsed,
          expanded: Array.isArray(parsed.expanded) ? parsed.expanded : [],
        };
      } catch {
        return DEFAULTS;
      }
    },
  });
}
