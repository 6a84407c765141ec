import { useCallback, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@candor/contracts';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { initialTranslations, isMissing, translationsReducer, translationsToSave, type FieldSpec, type Texts } from './contentForm';

/**
 * The per-language texts of one item: the language shown, its fields, which languages are missing, and
 * `check()`, which answers what to send or shows the first language lacking a required field.
 */
export function useTranslationsForm<T extends Texts>(spec: FieldSpec<T>, initial: Partial<Record<Locale, T>>, fieldLabel: (field: keyof T & string) => string) {
  const { t } = useTranslation('consoleContent');
  const [state, dispatch] = useReducer(translationsReducer<T>, initial, initialTranslations<T>);
  const current = (state.translations[state.locale] ?? {}) as Partial<T>;
  const value = (field: keyof T & string): string => current[field] ?? '';
  const set = (field: keyof T & string, v: string) => dispatch({ type: 'edit', locale: state.locale, field, value: v });
  const missing = useCallback((l: Locale) => isMissing(spec, state.translations[l]), [spec, state.translations]);
  const switchTo = (locale: Locale) => dispatch({ type: 'switch', locale });

  /** What to send, or null after showing the language that lacks a required field (and naming it in `error`). */
  function check(): { translations: Partial<Record<Locale, T>> } | { error: string } {
    const r = translationsToSave(spec, state.translations);
    if (r.ok) return { translations: r.translations };
    switchTo(r.locale);
    return { error: t('invalid.required', { field: fieldLabel(r.field), language: LANGUAGE_NAMES[r.locale] }) };
  }
  return { locale: state.locale, dirty: state.dirty, translations: state.translations, value, set, missing, switchTo, check, dispatch };
}
