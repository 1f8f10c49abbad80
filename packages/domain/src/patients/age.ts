/**
 * Whole years on `today` (YYYY-MM-DD, the practice's date) for a birth date; null when it is missing
 * or unreadable. Spec 5: the patient list's age filter is computed from the date of birth.
 */
export function ageOn(dateOfBirth: string | null | undefined, today: string): number | null {
  const born = dateOfBirth ? /^(\d{4})-(\d{2}-\d{2})/.exec(dateOfBirth) : null;
  const now = /^(\d{4})-(\d{2}-\d{2})/.exec(today);
  if (!born || !now) return null;
  const years = Number(now[1]) - Number(born[1]);
  return (now[2] ?? '') >= (born[2] ?? '') ? years : years - 1;
}
