import { useSyncExternalStore } from 'react';
import type { Locale } from '@candor/contracts';
import i18next, { currentLanguage } from './i18n';

/** Which colour a rising price takes: red in Taiwan, mainland China, Japan and Korea, green elsewhere. */
export type RiseColour = 'red' | 'green';

/** Where the reader's own choice is kept (localStorage, beside the language). */
export const RISE_STORAGE_KEY = 'candor.rise';

const RISE_RED_LOCALES: ReadonlySet<string> = new Set<Locale>(['zh-TW', 'zh-CN', 'ja', 'ko']);

/** The colour a language reads a rise in, when the reader has not chosen. */
export function defaultRiseColour(lng: string): RiseColour {
  return RISE_RED_LOCALES.has(lng) ? 'red' : 'green';
}

/** The reader's own choice, if they made one. */
export function chosenRiseColour(): RiseColour | null {
  try {
    const v = localStorage.getItem(RISE_STORAGE_KEY);
    return v === 'red' || v === 'green' ? v : null;
  } catch {
    return null;
  }
}

/** The reader's choice, else the default of the app's language. */
export function riseColour(): RiseColour {
  return chosenRiseColour() ?? defaultRiseColour(currentLanguage());
}

const listeners = new Set<() => void>();

/** Sets `data-rise` on the root: styles/app.css turns it into --c-rise / --c-fall, which every price colour uses. */
function apply(): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.rise = riseColour();
  listeners.forEach((l) => l());
}

/** Remember the reader's choice and apply it at once. */
export function setRiseColour(colour: RiseColour): void {
  try {
    localStorage.setItem(RISE_STORAGE_KEY, colour);
  } catch {
    // storage unavailable: the colours still change for this visit
  }
  apply();
}

apply();
// Without a choice of their own the colours follow the language.
i18next.on('languageChanged', apply);

/** The current rise colour, re-rendering when it changes (the chart, which cannot read CSS). */
export function useRiseColour(): RiseColour {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    riseColour,
    riseColour,
  );
}
