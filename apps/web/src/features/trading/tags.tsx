import { useTranslation } from 'react-i18next';
import type { Direction, Outcome } from '@candor/contracts';
import styles from './trading.module.css';

export function DirectionTag({ direction }: { direction: Direction }) {
  const { t } = useTranslation('trade');
  return (
    <span className={`${styles.tag} ${direction === 'up' ? styles.tagUp : styles.tagDown}`} data-direction={direction}>
      {direction === 'up' ? '▲' : '▼'} {t(`direction.${direction}`)}
    </span>
  );
}

export function OutcomeTag({ outcome, large = false }: { outcome: Outcome | undefined; large?: boolean }) {
  const { t } = useTranslation('trade');
  if (!outcome) return null;
  const cls = outcome === 'win' ? styles.tagUp : outcome === 'loss' ? styles.tagDown : styles.tagFlat;
  return (
    <span className={`${styles.tag} ${cls} ${large ? styles.tagLarge : ''}`} data-testid="outcome" data-outcome={outcome}>
      {t(`outcome.${outcome}`)}
    </span>
  );
}

/** A voided order: its expiry fell in a halt and no valid price came in time; the stake came back. */
export function VoidedTag({ large = false }: { large?: boolean }) {
  const { t } = useTranslation('trade');
  return (
    <span className={`${styles.tag} ${styles.tagFlat} ${large ? styles.tagLarge : ''}`} data-testid="voided">
      {t('voided.tag')}
    </span>
  );
}

/** "Currently winning / losing / level" for an open order, from the latest price. */
export function StandingTag({ standing }: { standing: Outcome }) {
  const { t } = useTranslation('trade');
  const cls = standing === 'win' ? styles.standingWin : standing === 'loss' ? styles.standingLoss : styles.standingTie;
  return (
    <span className={`${styles.standing} ${cls}`} data-testid="standing" data-standing={standing}>
      {t(`standing.${standing}`)}
    </span>
  );
}
