import { t } from '@lingui/core/macro';
import { useState } from 'react';

type FieldValue = string | number;
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** Spec 5: "Required" under every required field left empty (blank text counts as empty); null when none is. */
export function requiredErrors<V extends { [K in keyof V]: FieldValue }>(
  values: V,
  required: readonly (keyof V)[],
): FieldErrors<V> | null {
  const missing = required.filter((name) => !String(values[name]).trim());
  if (missing.length === 0) return null;
  const message = t`Required`;
  return Object.fromEntries(missing.map((name) => [name, message])) as FieldErrors<V>;
}

/**
 * A form's values and its errors per field. `set(name)` makes a field's change handler: the new value
 * (a cleared select reads as empty) clears that field's error, and `onEdit` lets the form forget
 * whatever it concluded from the previous values.
 */
export function useFormFields<V extends { [K in keyof V]: FieldValue }>(initial: () => V, onEdit: () => void) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const set =
    <K extends keyof V>(name: K) =>
    (value: V[K] | null) => {
      onEdit();
      setErrors((current) => ({ ...current, [name]: undefined }));
      setValues((current) => ({ ...current, [name]: value ?? '' }));
    };
  return { values, setValues, errors, setErrors, set };
}
