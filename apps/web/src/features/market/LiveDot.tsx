import { useTranslation } from 'react-i18next';
import { useSocketConnected } from '../../lib/socket';
import styles from './market.module.css';

/** "Live" while the socket is connected, "Reconnecting" otherwise: prices on screen may be old then. */
export function LiveDot() {
  const { t } = useTranslation('market');
  const live = useSocketConnected();
  return (
    <span className={live ? styles.live : styles.offline} data-testid="live-indicator" data-live={live}>
      <span className={styles.liveDot} aria-hidden="true" />
      {live ? t('live.on') : t('live.off')}
    </span>
  );
}
