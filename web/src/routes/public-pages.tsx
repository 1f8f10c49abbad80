import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { createRoute } from '@tanstack/react-router';
import { PublicUnavailablePage } from './placeholders/public-unavailable-page.tsx';
import { rootRoute } from './root.tsx';

function PublicPage({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return <PublicUnavailablePage title={i18n._(title)} />;
}

/** Token pages for patients, outside the signed-in app. */
export const publicRoutes = (
  [
    ['/form/$token', msg`Patient form`],
    ['/patient-review/$token', msg`Patient review`],
    ['/confirm-appointment/$token', msg`Appointment confirmation`],
    ['/schedule/$token', msg`Online booking`],
  ] as const
).map(([path, title]) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: () => <PublicPage title={title} /> }),
);
