import { createTheme, Drawer, Modal, Select } from '@mantine/core';
import { BASE_THEME } from './base-theme.ts';

/** The app's theme; `closeLabel` names the dialogs' icon-only close button in the language shown. */
export const createAppTheme = (closeLabel: string) =>
  createTheme({
    ...BASE_THEME,
    // Icon-only close buttons need a name for screen readers; set once for every dialog.
    components: {
      Modal: Modal.extend({
        defaultProps: { closeButtonProps: { 'aria-label': closeLabel } },
        styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
      }),
      Drawer: Drawer.extend({
        defaultProps: { closeButtonProps: { 'aria-label': closeLabel } },
        styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
      }),
      // Choosing the option already chosen keeps it: a second tap on a tablet must not empty a required field.
      // A field that may be emptied says so with `clearable`.
      Select: Select.extend({ defaultProps: { allowDeselect: false } }),
    },
  });

/** The theme in English, for harnesses drawn without the app's providers (the benchmarks). */
export const theme = createAppTheme('Close');
