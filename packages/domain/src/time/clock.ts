/** Time is always passed in, so every rule can be tested with a fixed "now". */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function fixedClock(iso: string): Clock {
  const instant = new Date(iso);
  return () => new Date(instant);
}
