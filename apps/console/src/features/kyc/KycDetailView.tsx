import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { KYC_SIDES, type AdminKycDetail, type AdminKycSubmission } from '@candor/contracts';
import { ImageViewer } from '../../components/ImageViewer';
import { useOperator } from '../../lib/auth/AuthProvider';
import { can } from '../../lib/auth/access';
import { formatDateTimeShort } from '../../lib/format';
import { nationalityLabel } from './kycText';
import { KycStatusPill } from './KycStatusPill';

/** Both photos side by side, each in its own viewer; each is fetched (and audited) once when the page opens. */
export function KycImages({ submission }: { submission: AdminKycSubmission }) {
  const { t } = useTranslation('consoleKyc');
  if (!submission.images) return <p className="notice notice-info">{t('detail.imagesRemoved')}</p>;
  const images = submission.images;
  return (
    <section className="kyc-images" aria-label={t('detail.images')}>
      {KYC_SIDES.map((side) => (
        <ImageViewer key={`${submission.id}-${side}`} path={images[side]} label={t(`detail.${side}`)} testId={`kyc-image-${side}`} />
      ))}
      <p className="muted small kyc-audited">{t('detail.imagesAudited')}</p>
    </section>
  );
}

/** What the user submitted and who they are. */
export function KycFacts({ detail }: { detail: AdminKycDetail }) {
  const { t } = useTranslation(['consoleKyc', 'console']);
  const operator = useOperator();
  return (
    <section className="card" data-testid="kyc-facts">
      <h2 className="card-title">{t('detail.data')}</h2>
      <dl className="facts kyc-facts">
        <Fact label={t('detail.name')}>
          <strong data-testid="kyc-name">{detail.name}</strong>
        </Fact>
        <Fact label={t('detail.idNumber')}>
          <code data-testid="kyc-id-number">{detail.idNumber}</code>
        </Fact>
        <Fact label={t('detail.nationality')}>{nationalityLabel(detail.nationality)}</Fact>
        <Fact label={t('detail.attempt')}>
          <span data-testid="kyc-attempt">{detail.attempt}</span>
        </Fact>
        <Fact label={t('detail.submittedAt')}>
          <span className="nowrap">{formatDateTimeShort(detail.submittedAt)}</span>
        </Fact>
        <Fact label={t('detail.user')}>
          {can(operator, 'users.read') ? (
            <Link to={`/users?q=${encodeURIComponent(detail.user.email)}`} data-testid="kyc-user-link" className="kyc-email">
              {detail.user.email}
            </Link>
          ) : (
            <span className="kyc-email">{detail.user.email}</span>
          )}
          <div className="muted small">
            <code>{detail.user.id}</code>
          </div>
        </Fact>
        <Fact label={t('detail.accountCreated')}>
          <span className="nowrap">{formatDateTimeShort(detail.user.createdAt)}</span>
        </Fact>
        <Fact label={t('detail.accountStatus')}>
          <span data-testid="kyc-account-status" data-status={detail.user.kycStatus}>
            {t(`status.${detail.user.kycStatus}`)}
          </span>
        </Fact>
      </dl>
    </section>
  );
}

/** How a submission was decided: when, by whom, the reason and message the user read, and the note they never see. */
export function KycOutcome({ submission }: { submission: AdminKycSubmission }) {
  const { t } = useTranslation('consoleKyc');
  return (
    <dl className="facts kyc-facts" data-testid="kyc-outcome">
      <Fact label={t('detail.status')}>
        <KycStatusPill status={submission.status} final={submission.final} />
      </Fact>
      {submission.decidedAt ? (
        <Fact label={t('detail.decidedAt')}>
          <span className="nowrap">{formatDateTimeShort(submission.decidedAt)}</span>
        </Fact>
      ) : null}
      {submission.decidedBy ? (
        <Fact label={t('detail.decidedBy')}>
          <span className="kyc-email">{submission.decidedBy}</span>
        </Fact>
      ) : null}
      {submission.reason ? <Fact label={t('detail.reason')}>{t(`reasons.${submission.reason}`)}</Fact> : null}
      {submission.message ? (
        <Fact label={t('detail.message')}>
          <span className="kyc-text" data-testid="kyc-outcome-message">
            {submission.message}
          </span>
        </Fact>
      ) : null}
      {submission.note ? (
        <Fact label={t('detail.note')}>
          <span className="kyc-text kyc-internal">{submission.note}</span>
        </Fact>
      ) : null}
    </dl>
  );
}

/** The user's earlier submissions, newest first, each with its decision. */
export function KycEarlier({ earlier }: { earlier: AdminKycSubmission[] }) {
  const { t } = useTranslation('consoleKyc');
  return (
    <section className="card" data-testid="kyc-earlier">
      <h2 className="card-title">{t('detail.earlier')}</h2>
      {!earlier.length ? (
        <p className="muted">{t('detail.earlierNone')}</p>
      ) : (
        <ol className="kyc-earlier">
          {earlier.map((s) => (
            <li key={s.id} data-testid="kyc-earlier-item" data-id={s.id}>
              <div className="kyc-earlier-head">
                <strong>{t('detail.attemptN', { n: s.attempt })}</strong>
                <span className="muted small nowrap">{formatDateTimeShort(s.submittedAt)}</span>
                <span className="muted small">
                  {s.name} · <code>{s.idNumber}</code> · {s.nationality}
                </span>
              </div>
              <KycOutcome submission={s} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
