import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useConnection } from '../../platform/api/connection.ts';
import { AreaNotice } from '../placeholders/area-notice.tsx';

/** Stands in for an area that needs the server while the device is offline. */
export function NeedsInternet({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useLingui();
  const { online } = useConnection();
  if (online) return <>{children}</>;
  return (
    <AreaNotice
      title={title}
      reason={t`This area needs an internet connection.`}
      detail={t`Scheduling and Patients keep working offline. This page will load again when the connection is back.`}
    />
  );
}
