import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * One catalogue, kept in a file per area so each feature's texts travel with it: the shell and platform
 * under src/locales, each feature under its own locales folder, and the domain's texts (the spec's
 * messages, validation, labels) under src/locales/domain. The app loads and merges them all.
 */
const FEATURES = [
  'admin-tools',
  'assistant',
  'audit-trail',
  'clinical-chart',
  'communications',
  'dashboard',
  'front-desk',
  'guide',
  'no-show-analytics',
  'notifications',
  'op-view',
  'patients',
  'practice-manager',
  'preferences',
  'public-pages',
  'recalls',
  'schedule-tools',
  'scheduling',
  'settings',
  'support',
  'treatment-planning',
  'waitlist',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['<rootDir>/src/features/**', '<rootDir>/src/**/*.test.*', '<rootDir>/src/locales/**'],
    },
    ...FEATURES.map((feature) => ({
      path: `<rootDir>/src/features/${feature}/locales/{locale}`,
      include: [`<rootDir>/src/features/${feature}`],
      exclude: ['<rootDir>/src/**/*.test.*'],
    })),
    {
      path: '<rootDir>/src/locales/domain/{locale}',
      include: ['<rootDir>/../packages/domain/src'],
      exclude: ['<rootDir>/../packages/domain/src/**/*.test.*'],
    },
  ],
});
