import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Long-form content from the `content` namespace: a lead paragraph and titled sections. */
export function Article({ base, sections, children, lead = true }: { base: string; sections: readonly string[]; children?: ReactNode; lead?: boolean }) {
  const { t } = useTranslation('content');
  return (
    <article className="article">
      {lead ? <p className="article__lead">{t(`${base}.intro`)}</p> : null}
      {sections.map((s) => (
        <section key={s} className="article__section">
          <h2 className="article__title">{t(`${base}.sections.${s}.title`)}</h2>
          {t(`${base}.sections.${s}.text`)
            .split('\n\n')
            .map((para, i) => (
              <p key={i} className="article__text">
                {para}
              </p>
            ))}
        </section>
      ))}
      {children}
    </article>
  );
}
