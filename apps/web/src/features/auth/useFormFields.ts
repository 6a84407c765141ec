import { useState } from 'react';
import type { FieldErrors } from '../../lib/forms';

/**
 * The state every auth form keeps: its values, a message per field, and the server's message.
 * `set(field)` is the input handler: it normalises what was typed (digits-only fields and the
 * like), stores it, and clears that field's error and the server's message.
 */
export function useFormFields<V extends { [K in keyof V]: string }>(
  initial: V | (() => V),
  normalize: (field: keyof V, raw: string) => string = (_f, raw) => raw,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof V, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const set = (field: Extract<keyof V, string>) => (e: { target: { value: string } }) => {
    const value = normalize(field, e.target.value);
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
    setServerError(null);
  };
  return { values, setValues, errors, setErrors, serverError, setServerError, set };
}
