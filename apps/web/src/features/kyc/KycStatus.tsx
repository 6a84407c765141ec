import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { KycView } from '@candor/contracts';
import { Icon, type IconName } from '../../components';
import { formatDateTime } from '../../lib/format';
import { ROUTES } from '../../lib/paths';
import { regionNamer } from './identity';
import styles from './kyc.module.css';

/** What the page shows for a verification: the four states, and a rejection either open to a retry or final. */
export type KycPhase = 'not_submitted' | 'pending' | 'verified' | 'rejected' | 'closed';

export function kycPhase(view: Pick<KycView, 'status' | 'final'>): KycPhase {
  return view.status === 'rejected' && view.final ? 'closed' : view.status;
}

const LOOK: Record<KycPhase, { icon: IconName; tone: string }> = {
  not_submitted: { icon: 'idcard', tone: 'none' },
  pending: { icon: 'clock', tone: 'pending' },
  verified: { icon: 'check', tone: 'verified' },
  rejected: { icon: 'alert', tone: 'rejected' },
  closed: { icon: 'alert', tone: 'rejected' },
};

/** The state's headline: an icon in its colour, a title and one sentence. */
export function KycHero({ phase }: { phase: KycPhase }) {
  const { t } = useTranslation('verify');
  const look = LOOK[phase];
  return (
    <div className={styles.hero} data-testid="kyc-state" data-state={phase}>
      <span className={`${styles.heroIcon} ${styles[`tone-${look.tone}`] ?? ''}`} aria-hidden="true">
        <Icon name={look.icon} size={30} />
      </span>
      {phase === 'verified' ? (
        <span className={styles.verifiedBadge} data-testid="kyc-verified-badge">
          <Icon name="shield" size={16} />
          {t('state.verified.badge')}
        </span>
      ) : null}
      <h2 className={styles.heroTitle}>{t(`state.${phase}.title`)}</h2>
      <p className={styles.heroText}>{t(`state.${phase}.text`)}</p>
    </div>
  );
}

/** The reviewer's reason (in the reader's language) and their own message to the user. */
export function KycReason({ view }: { view: KycView }) {
  const { t } = useTranslation('verify');
  if (!view.reason && !view.message) return null;
  return (
    <div className={styles.reason} data-testid="kyc-reason">
      {view.reason ? <span>{t('reason', { reason: t(`inbox:kycReasons.${view.reason}`) })}</span> : null}
      {view.message ? <span data-testid="kyc-reviewer-message">{t('reviewerMessage', { message: view.message })}</span> : null}
    </div>
  );
}

/** What was submitted: the name, the masked number, the nationality by name, and when it was sent and decided. */
export function KycFacts({ view }: { view: KycView }) {
  const { t, i18n } = useTranslation('verify');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const time = (iso: string) => formatDateTime(new Date(iso), language);
  const rows: [string, string | null, string][] = [
    [t('field.name'), view.name, 'kyc-name'],
    [t('field.idNumber'), view.idNumber, 'kyc-id'],
    [t('field.nationality'), view.nationality ? regionNamer(language)(view.nationality) : null, 'kyc-nationality-shown'],
    [t('facts.submittedAt'), view.submittedAt ? time(view.submittedAt) : null, 'kyc-submitted-at'],
    [t('facts.decidedAt'), view.decidedAt ? time(view.decidedAt) : null, 'kyc-decided-at'],
  ];
  return (
    <dl className={styles.rows} data-testid="kyc-facts">
      {rows
        .filter(([, value]) => value)
        .map(([label, value, testId]) => (
          <div key={testId} className={styles.row}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * Where a verified account is required (withdrawals): what the user's verification stands at and the way to
 * the verify page, instead of a form the server would refuse.
 */
export function KycGate({ phase }: { phase: Exclude<KycPhase, 'verified'> }) {
  const { t } = useTranslation('verify');
  return (
    <section className={`card ${styles.gate}`} data-testid="kyc-gate" data-state={phase}>
      <span className={`${styles.heroIcon} ${styles[`tone-${LOOK[phase].tone}`] ?? ''}`} aria-hidden="true">
        <Icon name={LOOK[phase].icon} size={30} />
      </span>
      <h2 className={styles.heroTitle}>{t('gate.title')}</h2>
      <p className={styles.heroText}>{t(`gate.${phase}`)}</p>
      <Link to={ROUTES.verify} className="btn btn--primary btn--block" data-testid="kyc-gate-link">
        <span className="btn__label">{t(phase === 'not_submitted' || phase === 'rejected' ? 'gate.action' : 'gate.view')}</span>
      </Link>
    </section>
  );
}
