import { useEffect } from 'react';
import type { FormInitial } from './appointment-form-values.ts';

/**
 * A booking another feature asks the schedule to open prefilled (the assistant's Edit, a free slot it
 * found). Kept until the schedule page takes it: the caller navigates to the schedule, which may mount
 * after the request or already be on screen.
 */
let pending: FormInitial | null = null;
const listeners = new Set<() => void>();

export function requestBooking(initial: FormInitial): void {
  pending = initial;
  for (const listener of listeners) listener();
}

/** The schedule page opens its form with each request, once. */
export function useBookingRequest(open: (initial: FormInitial) => void): void {
  useEffect(() => {
    const take = () => {
      const request = pending;
      pending = null;
      if (request) open(request);
    };
    listeners.add(take);
    take();
    return () => {
      listeners.delete(take);
    };
  }, [open]);
}
