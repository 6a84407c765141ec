import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../lib/paths';
import { formatComputedAt, formatShare, useTransparency } from '../lib/transparency';
import styles from './lossShare.module.css';

/**
 * The platform's own loss figure in a line, with the date it was computed, or the honest wording while too
 * few accounts traded or nothing is computed yet; links to the transparency page. Nothing while it loads or
 * when the figures cannot be read (the risk warning beside it stands on its own).
 */
export function LossShareNote({ testId = 'loss-share' }: { testId?: string }) {
  const { t, i18n } = useTranslation('common');
  const q = useTransparency();
  if (!q.data) return null;
  const f = q.data;
  let text: string;
  let state: string;
  if (f.computedAt === null) {
    text = t('lossShare.notComputed');
    state = 'not-computed';
  } else if (f.lossShare12m === null) {
    text = t('lossShare.tooFew', { min: f.minAccounts, count: f.accountsCounted, date: formatComputedAt(f.computedAt, i18n.language) });
    state = 'too-few';
  } else {
    text = t('lossShare.figure', { share: formatShare(f.lossShare12m, i18n.language), date: formatComputedAt(f.computedAt, i18n.language) });
    state = 'figure';
  }
  return (
    <p className={styles.note} data-testid={testId} data-state={state}>
      {text}{' '}
      <Link to={ROUTES.transparency} className={styles.link} data-testid={`${testId}-link`}>
        {t('lossShare.link')}
      </Link>
    </p>
  );
}
