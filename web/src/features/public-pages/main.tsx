// Only the styles of the components these pages use: the staff app's full sheet is several times larger.
// The order is Mantine's: the base first, then each component after those it builds on (a button's own
// border after the plain button's reset, a checkbox after the inline input).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import './public-page.css';
import { I18nProvider } from '@lingui/react';
import { type CSSVariablesResolver, createTheme, darken, MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserLanguage } from '../../platform/i18n/device-language.ts';
import { BASE_THEME } from '../../platform/theme/base-theme.ts';
import { i18n, showIn } from './i18n.ts';
import { PublicApp } from './public-app.tsx';
import { publicAddress } from './route.ts';

/**
 * The patients' pages (/form, /patient-review, /confirm-appointment, /schedule): an entry of their own,
 * apart from the staff app, so a phone loads React, a few Mantine components and this feature only; no
 * router, no local database, no service worker.
 */
const theme = createTheme(BASE_THEME);

// Mantine hovers the darkest shade with a lighter one, under 4.5:1 behind white text: a patient's finger on a
// button (or a mouse) must not make its words fade.
const keepContrastOnHover: CSSVariablesResolver = ({ colors, primaryColor }) => {
  const hover = darken(colors[primaryColor]?.[9] ?? '#087f5b', 0.2);
  return {
    variables: {},
    light: { '--mantine-primary-color-filled-hover': hover },
    dark: { '--mantine-primary-color-filled-hover': hover },
  };
};

// Until the page says the patient's language, the phone's.
showIn(browserLanguage());

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={keepContrastOnHover}>
        <I18nProvider i18n={i18n}>
          <PublicApp address={publicAddress(window.location.pathname)} />
        </I18nProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
