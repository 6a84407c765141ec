import { LOCALES, type AdminDepositMethod, type DepositMethodBody, type Locale } from '@candor/contracts';

/** The deposit-method editor's state: every text as typed, so a half-filled form can be shown and checked. */
export interface MethodDraft {
  type: 'bank' | 'crypto';
  names: Record<Locale, string>;
  details: { key: string; value: string }[];
  instructions: Record<Locale, string>;
  minAmount: string;
  maxAmount: string;
  sort: string;
  enabled: boolean;
}
export type DraftField = 'names' | 'details' | 'minAmount' | 'maxAmount' | 'sort';
/** Field -> the consoleMoney key of its message. */
export type DraftErrors = Partial<Record<DraftField, string>>;

const DETAIL_KEY = /^[a-zA-Z][a-zA-Z0-9]{0,31}$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
export const MAX_DETAILS = 12;

const perLocale = (from: Record<string, string> = {}) => Object.fromEntries(LOCALES.map((l) => [l, from[l] ?? ''])) as Record<Locale, string>;

export function emptyDraft(): MethodDraft {
  return {
    type: 'bank',
    names: perLocale(),
    details: [{ key: '', value: '' }],
    instructions: perLocale(),
    minAmount: '',
    maxAmount: '',
    sort: '0',
    enabled: true,
  };
}

export function draftOf(m: AdminDepositMethod): MethodDraft {
  return {
    type: m.type,
    names: perLocale(m.names),
    details: Object.entries(m.details).map(([key, value]) => ({ key, value })),
    instructions: perLocale(m.instructions),
    minAmount: m.minAmount,
    maxAmount: m.maxAmount,
    sort: String(m.sort),
    enabled: m.enabled,
  };
}

/** The same rules as the api's schema, checked before sending so each mistake is named beside its field. */
export function validateDraft(d: MethodDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!d.names['zh-TW'].trim()) errors.names = 'methods.nameRequired';
  const rows = d.details.filter((r) => r.key.trim() || r.value.trim());
  const keys = rows.map((r) => r.key.trim());
  if (!rows.length || rows.length > MAX_DETAILS || rows.some((r) => !r.value.trim()) || new Set(keys).size !== keys.length) {
    errors.details = 'methods.detailsRequired';
  } else if (keys.some((k) => !DETAIL_KEY.test(k))) errors.details = 'methods.detailKeyInvalid';
  const min = d.minAmount.trim();
  const max = d.maxAmount.trim();
  if (!AMOUNT.test(min)) errors.minAmount = 'methods.amountInvalid';
  if (!AMOUNT.test(max)) errors.maxAmount = 'methods.amountInvalid';
  else if (!errors.minAmount && Number(max) < Number(min)) errors.maxAmount = 'methods.rangeInvalid';
  const sort = d.sort.trim();
  if (!/^\d{1,5}$/.test(sort) || Number(sort) > 10_000) errors.sort = 'methods.sortInvalid';
  return errors;
}

/** The request body: empty languages left out (users then read zh-TW), blank detail rows dropped. */
export function bodyOf(d: MethodDraft): DepositMethodBody {
  const texts = (r: Record<Locale, string>) =>
    Object.fromEntries(
      Object.entries(r)
        .filter(([, v]) => v.trim())
        .map(([k, v]) => [k, v.trim()]),
    );
  return {
    type: d.type,
    names: texts(d.names),
    details: Object.fromEntries(d.details.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value.trim()])),
    instructions: texts(d.instructions),
    minAmount: d.minAmount.trim(),
    maxAmount: d.maxAmount.trim(),
    sort: Number(d.sort.trim()),
    enabled: d.enabled,
  };
}
