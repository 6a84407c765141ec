import { identityProblems as domainProblems, normalizeIdentity, type IdentityField, type IdentityInput, type IdentityProblemCode } from '@candor/domain';

/** The verification form's identity fields as typed, and what is wrong with each (one code per field). */
export type IdentityProblems = Partial<Record<IdentityField, IdentityProblemCode>>;

/** Every field's problem, from the domain's rules for the nationality, on the normalised input. */
export function identityProblems(raw: IdentityInput): IdentityProblems {
  return Object.fromEntries(domainProblems(normalizeIdentity(raw)).map((p) => [p.field, p.code])) as IdentityProblems;
}

/** The `verify` key of a problem's message: format rules of CN and TW have their own wording. */
export function problemKey(field: IdentityField, code: string, nationality: string): string {
  const nat = nationality.trim().toUpperCase();
  if ((code === 'name_format' || code === 'id_format') && (nat === 'CN' || nat === 'TW')) return `problem.${field}.${code}_${nat}`;
  return `problem.${field}.${code}`;
}

// The country list and names are shared with the withdrawal-account form: they live in lib/countries.
export { defaultNationality, nationalityOptions, regionNamer, type NationalityOption } from '../../lib/countries';
