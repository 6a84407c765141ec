import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaResponse } from '@candor/contracts';
import { API } from '../../lib/wire';
import { api } from '../../lib/api';

/** A graphic captcha from `GET /api/auth/captcha`, shown as an image made from its SVG. */
export function svgToDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface CaptchaState {
  captchaId: string | null;
  imageUrl: string | null;
  loading: boolean;
  error: unknown;
  refresh(): void;
}

/** Loads a captcha when `enabled`; `refresh()` fetches a new one (after every failed attempt). */
export function useCaptcha(enabled = true): CaptchaState {
  const [state, setState] = useState<{ captchaId: string | null; imageUrl: string | null; loading: boolean; error: unknown }>({
    captchaId: null,
    imageUrl: null,
    loading: enabled,
    error: null,
  });
  const seq = useRef(0);

  const load = useCallback(() => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    api.get<CaptchaResponse>(API.captcha).then(
      (c) => {
        if (mine === seq.current) setState({ captchaId: c.captchaId, imageUrl: svgToDataUrl(c.svg), loading: false, error: null });
      },
      (error: unknown) => {
        if (mine === seq.current) setState({ captchaId: null, imageUrl: null, loading: false, error });
      },
    );
  }, []);

  useEffect(() => {
    if (enabled) load();
  }, [enabled, load]);

  return { ...state, refresh: load };
}
