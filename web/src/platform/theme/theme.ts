import { createTheme, Drawer, Modal, Select } from '@mantine/core';

/** The app's theme; `closeLabel` names the dialogs' icon-only close button in the language shown. */
export const createAppTheme = (closeLabel: string) =>
  createTheme({
    primaryColor: 'teal',
    primaryShade: { light: 9, dark: 9 },
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '700' },
    cursorType: 'pointer',
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
