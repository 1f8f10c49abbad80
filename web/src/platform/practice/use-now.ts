import { useEffect, useState } from 'react';

/** The current time, renewed every `tickMs`: for waits and lateness that must move while a screen stays open. */
export function useNow(tickMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return now;
}
