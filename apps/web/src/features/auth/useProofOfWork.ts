import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../lib/wire';
import { API_BASE } from '../../lib/api';
import type { AltchaWidget } from './altchaWidget';

/** The widget's own texts (its labels and messages), each an `auth:altcha.*` key. */
const WIDGET_STRINGS = [
  'ariaLinkLabel',
  'cancel',
  'enterCode',
  'enterCodeAria',
  'enterCodeFromImage',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
] as const;

/** How long a submit waits for a solution before it goes without one (the server then says what it needs). */
const TAKE_TIMEOUT_MS = 60_000;

export type ProofOfWorkState = 'loading' | 'verifying' | 'verified' | 'error';

export interface ProofOfWork {
  state: ProofOfWorkState;
  /** Where the (invisible) widget lives: ProofOfWork renders it. */
  containerRef: (el: HTMLDivElement | null) => void;
  /**
   * Waits for a solution and takes it: each is good for one request. Undefined when none could be had (the
   * widget failed to load or solve): the request goes without, and the server says whether it needed one.
   */
  take(): Promise<string | undefined>;
  /** Solves a new challenge: after a failed request, or when the user asks to try again. */
  renew(): void;
}

/**
 * The proof-of-work (ALTCHA) of a form: the widget's chunk is loaded when the form mounts, and it starts
 * solving at once in Web Workers, so a solution is usually ready before the form is filled in.
 */
export function useProofOfWork(): ProofOfWork {
  const { t, i18n } = useTranslation('auth');
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [state, setState] = useState<ProofOfWorkState>('loading');
  const widget = useRef<AltchaWidget | null>(null);
  const payload = useRef<string | null>(null);
  const waiters = useRef<((p: string | undefined) => void)[]>([]);
  const failed = useRef(false);
  const language = `candor-${i18n.resolvedLanguage ?? i18n.language}`.toLowerCase();
  const strings = useMemo(() => Object.fromEntries(WIDGET_STRINGS.map((k) => [k, t(`altcha.${k}`)])), [t]);
  const latest = useRef({ language, strings });
  latest.current = { language, strings };

  const settleWaiters = useCallback((value: string | undefined) => {
    const [first, ...rest] = waiters.current;
    waiters.current = [];
    first?.(value);
    // A solution is good once: anyone else waiting gets none (forms send one request at a time).
    for (const w of rest) w(undefined);
  }, []);

  const renew = useCallback(() => {
    payload.current = null;
    const el = widget.current;
    if (!el) return;
    failed.current = false;
    setState('verifying');
    el.reset();
    void el.verify();
  }, []);

  useEffect(() => {
    if (!container) return;
    let cancelled = false;
    let el: AltchaWidget | null = null;
    import('./altchaWidget').then(
      ({ createWidget }) => {
        if (cancelled) return;
        el = createWidget(container, {
          challengeUrl: `${API_BASE}${API.altcha}`,
          ...latest.current,
          onState: (s) => {
            if (s === 'verifying') setState('verifying');
            else if (s === 'error') {
              failed.current = true;
              setState('error');
              settleWaiters(undefined);
            } else if (s === 'expired') {
              // An unused solution ran out of time: solve a fresh one before anyone needs it.
              payload.current = null;
              el?.reset();
              void el?.verify();
            }
          },
          onVerified: (p) => {
            failed.current = false;
            setState('verified');
            if (waiters.current.length > 0) settleWaiters(p);
            else payload.current = p;
          },
        });
        widget.current = el;
      },
      () => {
        if (cancelled) return;
        failed.current = true;
        setState('error');
        settleWaiters(undefined);
      },
    );
    return () => {
      cancelled = true;
      widget.current = null;
      el?.remove();
    };
  }, [container, settleWaiters]);

  // The widget's texts follow the app's language.
  useEffect(() => {
    const el = widget.current;
    if (!el) return;
    void import('./altchaWidget').then(({ setWidgetStrings }) => {
      setWidgetStrings(language, strings);
      el.setAttribute('language', language);
    });
  }, [language, strings]);

  const take = useCallback((): Promise<string | undefined> => {
    const ready = payload.current;
    if (ready) {
      payload.current = null;
      return Promise.resolve(ready);
    }
    if (failed.current && widget.current === null) return Promise.resolve(undefined);
    return new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => {
        waiters.current = waiters.current.filter((w) => w !== done);
        resolve(undefined);
      }, TAKE_TIMEOUT_MS);
      const done = (p: string | undefined) => {
        clearTimeout(timer);
        resolve(p);
      };
      waiters.current.push(done);
      // Nothing in hand and nothing on the way (the last one was taken, or solving failed): ask for another.
      const el = widget.current;
      if (el && (failed.current || String(el.getState()) !== 'verifying')) renew();
    });
  }, [renew]);

  return { state, containerRef: setContainer, take, renew };
}
