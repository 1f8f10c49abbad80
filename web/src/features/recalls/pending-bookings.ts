/**
 * Recalls sent to the schedule's booking form from the worklist. The form lives on the schedule page, so
 * the worklist cannot see the booking succeed; when the list next shows the patient booked, the recall's
 * outcome 'booked' is logged and the entry dropped. Kept for the tab's session, since the user may come
 * back through a reload.
 */
const KEY = 'recalls.pendingBookings';

function read(): string[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function write(ids: readonly string[]): void {
  sessionStorage.setItem(KEY, JSON.stringify(ids));
}

export function rememberBooking(recallId: string): void {
  write([...read().filter((id) => id !== recallId), recallId]);
}

/** The remembered recalls among those now booked, forgotten as they are handed out. */
export function takeBooked(bookedRecallIds: readonly string[]): string[] {
  const pending = read();
  const booked = pending.filter((id) => bookedRecallIds.includes(id));
  if (booked.length > 0) write(pending.filter((id) => !booked.includes(id)));
  return booked;
}
