import { useEffect, useState } from 'react';
import { requestBlob } from './client';

export type AuthorizedImage = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; error: unknown };

/** An api path as `images` and the slip routes give it, with or without the `/api` prefix, as `request` takes it. */
export const apiRelative = (path: string): string => (path.startsWith('/api/') ? path.slice(4) : path);

/**
 * An image the api serves only with the operator's token, as an object URL freed when the viewer goes away.
 * Fetched once per mount and per `retry`: every fetch of an ID photo is audited and shown to its owner, so
 * nothing here prefetches or refetches on focus.
 */
export function useAuthorizedImage(path: string): { image: AuthorizedImage; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [image, setImage] = useState<AuthorizedImage>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    setImage({ status: 'loading' });
    requestBlob(apiRelative(path), abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setImage({ status: 'ready', url });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setImage({ status: 'error', error });
      },
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, attempt]);

  return { image, retry: () => setAttempt((n) => n + 1) };
}
