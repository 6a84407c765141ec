import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A long id shown short (its start and end) with the whole id on hover, and a button that copies it. */
export function IdText({ id, copy = false }: { id: string; copy?: boolean }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const short = id.length > 14 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id;
  return (
    <span className="id-text">
      <code title={id} data-id={id}>
        {short}
      </code>
      {copy ? (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-label={`${t('users.detail.copy')} ${id}`}
          onClick={(e) => {
            e.preventDefault();
            void navigator.clipboard?.writeText(id).then(() => setCopied(true));
          }}
        >
          {copied ? t('users.detail.copied') : t('users.detail.copy')}
        </button>
      ) : null}
    </span>
  );
}
