import { createTheme, Drawer, Menu, Modal, Notification, Pagination, Select } from '@mantine/core';
import { BASE_THEME } from './base-theme.ts';

/** The words the theme gives icon-only controls, in the language shown. */
export interface ThemeLabels {
  /** The close button of dialogs, drawers and toasts. */
  close: string;
  previousPage: string;
  nextPage: string;
  firstPage: string;
  lastPage: string;
}

const PAGINATION_CONTROLS = {
  previous: 'previousPage',
  next: 'nextPage',
  first: 'firstPage',
  last: 'lastPage',
} as const satisfies Record<string, keyof ThemeLabels>;

/** The app's theme; `labels` name its icon-only buttons for screen readers. */
export const createAppTheme = (labels: ThemeLabels) =>
  createTheme({
    ...BASE_THEME,
    // Icon-only buttons need a name for screen readers; set once for every dialog, toast and pager.
    components: {
      Modal: Modal.extend({
        defaultProps: { closeButtonProps: { 'aria-label': labels.close } },
        styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
      }),
      Drawer: Drawer.extend({
        defaultProps: { closeButtonProps: { 'aria-label': labels.close } },
        styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
      }),
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': labels.close } },
      }),
      // The arrows of every pager (axe: button-name).
      Pagination: Pagination.extend({
        defaultProps: {
          getControlProps: (control) => ({ 'aria-label': labels[PAGINATION_CONTROLS[control]] }),
        },
      }),
      // Mantine puts an empty role="presentation" element first in every menu to take focus on opening; a menu
      // may only hold menu items (axe: aria-required-children). Without it the menu itself takes focus, and the
      // arrow keys still go to its items.
      Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
      // Choosing the option already chosen keeps it: a second tap on a tablet must not empty a required field.
      // A field that may be emptied says so with `clearable`.
      Select: Select.extend({ defaultProps: { allowDeselect: false } }),
    },
  });

/**
 * The colour of a menu item that ends or undoes something (Log out, Cancel, Mark as No Show): the field errors'
 * red, which reads at 4.5:1 on a menu in both schemes, where Mantine's red 6 is 3.3:1 on white.
 */
export const DANGER_ITEM_COLOR = 'var(--mantine-color-error)';

/** The theme in English, for harnesses drawn without the app's providers (the benchmarks). */
export const theme = createAppTheme({
  close: 'Close',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  firstPage: 'First page',
  lastPage: 'Last page',
});
