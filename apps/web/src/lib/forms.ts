/** Problems of a form, field by field: i18n keys (or, once translated, their text); an empty object means none. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Keep only digits (trade password and captcha inputs), at most `max`. */
export function digitsOnly(raw: string, max: number): string {
  return raw.replace(/\D/g, '').slice(0, max);
}

/** Turn the keys of a validation result into display text. */
export function translateErrors<F extends string>(errors: FieldErrors<F>, t: (key: string) => string): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const [k, v] of Object.entries(errors) as [F, string | undefined][]) if (v) out[k] = t(v);
  return out;
}
