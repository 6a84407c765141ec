import { Link } from 'react-router-dom';
import { earnCoverState } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../lib/paths';
import styles from './earn.module.css';

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
        {t(`payer.${earnCoverState(daysCovered)}`, { days })}
      </p>
      <Link to={ROUTES.transparency} className={styles.payerLink} data-testid="earn-transparency-link">
        {t('payer.link')}
      </Link>
    </section>
  );
}
