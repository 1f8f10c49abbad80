import { useLingui } from '@lingui/react/macro';
import { AreaNotice } from './area-notice.tsx';

/** Honest placeholder for an area that a later release builds: nothing on it pretends to work. */
export function UnavailablePage({ title }: { title: string }) {
  const { t } = useLingui();
  return (
    <AreaNotice
      title={title}
      reason={t`This area is not available in this version.`}
      detail={t`It is planned for a later release. Everything you can use today is in the menu on the left.`}
    />
  );
}
