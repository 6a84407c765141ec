import { useTranslation } from 'react-i18next';

/** "1 Verify details — 2 Set passwords" at the top of both registration steps. */
export function StepIndicator({ step }: { step: 1 | 2 }) {
  const { t } = useTranslation('auth');
  return (
    <ol className="steps" aria-label={t('register.stepOf', { step, total: 2 })}>
      {([1, 2] as const).map((n) => (
        <li
          key={n}
          className={n === step ? 'steps__item steps__item--active' : n < step ? 'steps__item steps__item--done' : 'steps__item'}
          aria-current={n === step ? 'step' : undefined}
        >
          <span className="steps__dot">{n}</span>
          <span className="steps__label">{t(n === 1 ? 'register.step1' : 'register.step2')}</span>
        </li>
      ))}
    </ol>
  );
}
