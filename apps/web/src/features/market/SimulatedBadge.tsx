import { useTranslation } from 'react-i18next';
import styles from './market.module.css';

/** "Simulated prices: demo only", beside every price the platform makes itself. */
export function SimulatedBadge({ className }: { className?: string }) {
  const { t } = useTranslation('market');
  return (
    <span className={`${styles.simBadge} ${className ?? ''}`} data-testid="simulated-badge">
      {t('price.simulated')}
    </span>
  );
}
