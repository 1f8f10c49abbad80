import { AreaNotice } from './area-notice.tsx';

/** Honest placeholder for an area that a later release builds: nothing on it pretends to work. */
export function UnavailablePage({ title }: { title: string }) {
  return (
    <AreaNotice
      title={title}
      reason="This area is not available in this version."
      detail="It is planned for a later release. Everything you can use today is in the menu on the left."
    />
  );
}
