import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

/** A chat image the api serves only with the user's token: fetched as a blob, shown from an object URL freed on unmount. */
export function ChatImage({ src, local }: { src?: string; local?: string }) {
  const { t } = useTranslation('support');
  const [url, setUrl] = useState<string | null>(local ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (local || !src) return;
    let created: string | null = null;
    let gone = false;
    api.download(src.startsWith('/api/') ? src.slice(4) : src).then(
      ({ blob }) => {
        if (gone) return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      },
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [src, local]);
  if (failed) return <span data-testid="chat-image-error">{t('imageError')}</span>;
  if (!url) return <span className="skeleton" style={{ display: 'block', width: 160, height: 120 }} aria-busy="true" />;
  return <img src={url} alt={t('imageAlt')} data-testid="chat-image" style={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 8 }} />;
}
