import { useCallback, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const FADE_MS = 4000;

export interface FlashMessage {
  kind: 'ok' | 'error';
  /** A translated text as a function of `t`, so it follows a change of the console's language while shown. */
  text: string | ((t: TFunction<'consoleContent'>) => string);
}

/** A short success or failure message after an action; a success fades after a few seconds, a failure stays. */
export function useFlash(initial: FlashMessage | null = null) {
  const [flash, setFlash] = useState<FlashMessage | null>(initial);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    // A success handed over from the screen before (an article just created) fades like any other.
    if (initial?.kind === 'ok') timer.current = window.setTimeout(() => setFlash(null), FADE_MS);
    return () => window.clearTimeout(timer.current);
    // Once, for the initial message only.
  }, []);
  const show = useCallback((next: FlashMessage | null) => {
    window.clearTimeout(timer.current);
    setFlash(next);
    if (next?.kind === 'ok') timer.current = window.setTimeout(() => setFlash(null), FADE_MS);
  }, []);
  return [flash, show] as const;
}

export function Flash({ flash, onDismiss }: { flash: FlashMessage | null; onDismiss(): void }) {
  const { t } = useTranslation('consoleContent');
  if (!flash) return null;
  return (
    <div
      className={`notice ${flash.kind === 'ok' ? 'notice-info' : 'notice-error'} content-flash`}
      role={flash.kind === 'ok' ? 'status' : 'alert'}
      data-testid="content-flash"
      data-kind={flash.kind}
    >
      <span>{typeof flash.text === 'function' ? flash.text(t) : flash.text}</span>
      <button type="button" className="btn btn-ghost btn-small" onClick={onDismiss}>
        {t('actions.dismiss')}
      </button>
    </div>
  );
}

/** An error's message for a flash: the api's translated one when it sent one. */
export const messageOf = (e: unknown, fallback: string): string => (e instanceof Error && e.message ? e.message : fallback);
