import { DEFAULT_LOCALE, LOCALES, type Locale } from '@candor/contracts';
import { cleanContentHtml, htmlText } from './contentHtml';

/**
 * The per-language texts of one item being edited (an article, a banner, a page, an office): which
 * language is shown, the texts typed so far, and whether anything changed since it was loaded or saved.
 */
export type Texts = Record<string, string>;
export interface TranslationsState<T extends Texts> {
  locale: Locale;
  translations: Partial<Record<Locale, T>>;
  dirty: boolean;
}
export type TranslationsAction<T extends Texts> =
  | { type: 'load'; translations: Partial<Record<Locale, T>> }
  | { type: 'switch'; locale: Locale }
  | { type: 'edit'; locale: Locale; field: keyof T & string; value: string }
  | { type: 'saved' };

export function initialTranslations<T extends Texts>(translations: Partial<Record<Locale, T>> = {}): TranslationsState<T> {
  return { locale: DEFAULT_LOCALE, translations, dirty: false };
}

export function translationsReducer<T extends Texts>(state: TranslationsState<T>, action: TranslationsAction<T>): TranslationsState<T> {
  switch (action.type) {
    case 'load':
      return { ...state, translations: action.translations, dirty: false };
    case 'switch':
      return { ...state, locale: action.locale };
    case 'edit': {
      const current = state.translations[action.locale] ?? ({} as T);
      if (current[action.field] === action.value) return state;
      return { ...state, dirty: true, translations: { ...state.translations, [action.locale]: { ...current, [action.field]: action.value } } };
    }
    case 'saved':
      return { ...state, dirty: false };
  }
}

/** The fields of a language, and which of them must be filled and which hold HTML. */
export interface FieldSpec<T extends Texts> {
  fields: readonly (keyof T & string)[];
  required: readonly (keyof T & string)[];
  html?: readonly (keyof T & string)[];
}

const isBlank = <T extends Texts>(spec: FieldSpec<T>, field: keyof T & string, value: string | undefined) =>
  !value || (spec.html?.includes(field) ? htmlText(value) === '' : value.trim() === '');

/** A language the reader would get nothing in (every field empty): the switcher marks it "missing". */
export function isMissing<T extends Texts>(spec: FieldSpec<T>, t: Partial<T> | undefined): boolean {
  return !t || spec.fields.every((f) => isBlank(spec, f, t[f]));
}

export type TranslationsCheck<T extends Texts> =
  { ok: true; translations: Partial<Record<Locale, T>> } | { ok: false; locale: Locale; field: keyof T & string };

/**
 * What is sent: the languages with any text (an empty one is left out, so the reader falls back to zh-TW),
 * trimmed, HTML limited to CONTENT_HTML by `clean` (the browser's parser; unit tests hand in one without a DOM);
 * zh-TW and each sent language's required fields must be filled.
 */
export function translationsToSave<T extends Texts>(
  spec: FieldSpec<T>,
  translations: Partial<Record<Locale, T>>,
  clean: (html: string) => string = cleanContentHtml,
): TranslationsCheck<T> {
  const out: Partial<Record<Locale, T>> = {};
  for (const locale of LOCALES) {
    const t = translations[locale];
    if (locale !== DEFAULT_LOCALE && isMissing(spec, t)) continue;
    for (const field of spec.required) if (isBlank(spec, field, t?.[field])) return { ok: false, locale, field };
    const texts = {} as Record<string, string>;
    for (const field of spec.fields) {
      const value = t?.[field] ?? '';
      texts[field] = spec.html?.includes(field) ? (isBlank(spec, field, value) ? '' : clean(value)) : value.trim();
    }
    out[locale] = texts as T;
  }
  return { ok: true, translations: out };
}

// ---- publish time (news) ----

export type PublishMode = 'draft' | 'now' | 'schedule';

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a datetime-local value in the operator's time zone (the browser's). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value (the operator's time zone) as ISO UTC, or null when it is not a time. */
export function fromLocalInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export type PublishCheck = { ok: true; publishAt: string | null } | { ok: false; error: 'scheduleMissing' | 'schedulePast' };
/**
 * `publishAt` for the chosen mode: a draft none; "now" keeps an article's earlier publish time when it is
 * already out (its place in the list stays), else now; a schedule must be a future time.
 */
export function publishAtFor(mode: PublishMode, scheduled: string, current: { status: string; publishAt: string | null } | null, now: Date): PublishCheck {
  if (mode === 'draft') return { ok: true, publishAt: null };
  if (mode === 'now') return { ok: true, publishAt: current?.status === 'published' && current.publishAt ? current.publishAt : now.toISOString() };
  const at = fromLocalInput(scheduled);
  if (!at) return { ok: false, error: 'scheduleMissing' };
  if (new Date(at).getTime() <= now.getTime()) return { ok: false, error: 'schedulePast' };
  return { ok: true, publishAt: at };
}

export function modeOf(item: { status: 'draft' | 'scheduled' | 'published' } | null): PublishMode {
  if (!item || item.status === 'draft') return 'draft';
  return item.status === 'scheduled' ? 'schedule' : 'now';
}

/** Moves the item at `index` one place up (-1) or down (+1); the ids in their new order. */
export function moved(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const out = [...ids];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}
