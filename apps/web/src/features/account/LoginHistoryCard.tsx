import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginEvent } from '@candor/contracts';
import { Button, EmptyState, ErrorState, Icon, Loading } from '../../components';
import { errorText } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { deviceName } from './deviceName';
import { currentLanguage } from '../../lib/i18n';
import { useLoginHistory } from './hooks';

/** How many attempts show before "show all". */
const FIRST = 5;

function LoginRow({ e }: { e: LoginEvent }) {
  const { t } = useTranslation('user');
  const device = deviceName(e.device, t);
  const failed = { disabled: t('logins.failedDisabled'), totp: t('logins.failedTotp'), password: t('logins.failedPassword') };
  const outcome = e.ok ? t('logins.ok') : failed[e.reason ?? 'password'];
  return (
    <li className="session" data-testid="login-row" data-ok={e.ok}>
      <span className="session__icon">
        <Icon name="device" size={22} />
      </span>
      <div className="session__info">
        <p className="session__device">
          {device}
          <span className={e.ok ? 'badge badge--ok' : 'badge badge--danger'}>{outcome}</span>
        </p>
        <p className="session__meta">
          {e.ip ? `${e.ip} · ` : ''}
          {formatDateTime(new Date(e.at), currentLanguage())}
        </p>
      </div>
    </li>
  );
}

/** The sign-in history beside the sessions: each attempt on the account, failed ones marked, newest first. */
export function LoginHistoryCard() {
  const { t } = useTranslation('user');
  const history = useLoginHistory();
  const [all, setAll] = useState(false);

  let body;
  if (history.isPending) body = <Loading />;
  else if (history.isError) body = <ErrorState message={errorText(history.error, t)} onRetry={() => void history.refetch()} />;
  else if (history.data.items.length === 0) body = <EmptyState icon="device" title={t('logins.empty')} />;
  else {
    const items = history.data.items;
    body = (
      <>
        <ul className="session-list" data-testid="login-history">
          {(all ? items : items.slice(0, FIRST)).map((e, i) => (
            <LoginRow key={`${e.at}-${i}`} e={e} />
          ))}
        </ul>
        {items.length > FIRST ? (
          <Button variant="secondary" block onClick={() => setAll(!all)} data-testid="login-history-toggle" aria-expanded={all}>
            {all ? t('logins.showFewer') : t('logins.showAll', { count: items.length })}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <section className="card settings-section" aria-labelledby="logins-title">
      <h2 className="section-title" id="logins-title">
        {t('logins.title')}
      </h2>
      <p className="section-note">{t('logins.note')}</p>
      {body}
    </section>
  );
}
