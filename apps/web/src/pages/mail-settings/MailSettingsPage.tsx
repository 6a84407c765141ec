import { useTranslation } from 'react-i18next';
import { MAIL_KINDS, type MailKind } from '@candor/contracts';
import { ErrorState, Icon, Loading, PageHeader, useToast } from '../../components';
import { useMailPreferences, useSaveMailPreference } from '../../features/auth/email';
import { errorText } from '../../lib/errors';
import styles from '../../features/auth/auth.module.css';
import switches from '../../components/switch.module.css';

/** Which mails the user gets: one switch per kind that may be turned off; the security mails always go. */
export default function MailSettingsPage() {
  const { t } = useTranslation('user');
  const toast = useToast();
  const prefs = useMailPreferences();
  const save = useSaveMailPreference();

  const toggle = (kind: MailKind, on: boolean) =>
    save.mutate({ [kind]: on }, { onSuccess: () => toast.success(t('mail.saved')), onError: (err) => toast.error(errorText(err, t)) });

  let body;
  if (prefs.isPending) body = <Loading />;
  else if (prefs.isError) body = <ErrorState message={errorText(prefs.error, t)} onRetry={() => void prefs.refetch()} />;
  else
    body = (
      <ul className={switches.switchList} aria-labelledby="mail-title">
        {MAIL_KINDS.map((kind) => (
          <li key={kind}>
            <label className={switches.switchRow}>
              <span>{t(`mail.kind.${kind}`)}</span>
              <input
                type="checkbox"
                role="switch"
                className={switches.switch}
                checked={prefs.data[kind]}
                onChange={(e) => toggle(kind, e.target.checked)}
                disabled={save.isPending && save.variables?.[kind] !== undefined}
                data-testid={`mail-${kind}`}
              />
            </label>
          </li>
        ))}
      </ul>
    );

  return (
    <main className="page" data-testid="mail-settings-page">
      <PageHeader title={t('mail.title')} back />
      <div className="page__body">
        <section className="card settings-section">
          <h2 className="section-title" id="mail-title">
            {t('mail.heading')}
          </h2>
          <p className="section-note">{t('mail.note')}</p>
          {body}
        </section>
        <section className="card settings-section">
          <p className={styles.securityNote}>
            <Icon name="shield" size={20} />
            <span>{t('mail.security')}</span>
          </p>
        </section>
      </div>
    </main>
  );
}
