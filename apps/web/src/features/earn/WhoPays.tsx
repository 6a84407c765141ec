import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../lib/paths';
import styles from './earn.module.css';

/** Which sentence tells the days covered: none due, not covered at all, or a number of days. */
export function coverKey(daysCovered: number | null): 'payer.noneDue' | 'payer.notCovered' | 'payer.covered' {
  if (daysCovered === null) return 'payer.noneDue';
  return daysCovered <= 0 ? 'payer.notCovered' : 'payer.covered';
}

/**
 * Who pays the income, said plainly beside the annual figures: the platform, from its own account, not a
 * return on the user's money; and how many days of income the platform's own equity covers at today's rate.
 */
export function WhoPays({ daysCovered }: { daysCovered: number | null }) {
  const { t, i18n } = useTranslation('earn');
  const days = daysCovered === null ? '' : new Intl.NumberFormat(i18n.language).format(daysCovered);
  return (
    <section className={`card ${styles.payer}`} aria-labelledby="earn-payer-title" data-testid="earn-who-pays">
      <h2 id="earn-payer-title" className={styles.sectionTitle}>
        {t('payer.title')}
      </h2>
      <p className={styles.text} data-testid="earn-payer-line">
        {t('payer.line')}
      </p>
      <p className={styles.text} data-testid="earn-days-covered">
        {t(coverKey(daysCovered), { days })}
      </p>
      <Link to={ROUTES.transparency} className={styles.payerLink} data-testid="earn-transparency-link">
        {t('payer.link')}
      </Link>
    </section>
  );
}
