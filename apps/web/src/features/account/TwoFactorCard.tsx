import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpSetupResponse } from '@candor/contracts';
import { Button, CopyButton, Field, FormAlert, TotpField, useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { saveFile } from '../../lib/saveFile';
import { useTotpDisable, useTotpEnable, useTotpSetup } from './hooks';
import styles from './twoFactor.module.css';

type Step = { kind: 'idle' } | { kind: 'password' } | { kind: 'scan'; setup: TotpSetupResponse } | { kind: 'codes'; codes: string[] } | { kind: 'off' };

/** Saves the recovery codes as a text file. */
const downloadCodes = (title: string, codes: string[]): void =>
  saveFile(new Blob([`${title}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }), 'candor-recovery-codes.txt');

/** A step's form: its note, the server's refusal, its fields, then Cancel and its own button. */
function StepForm(props: {
  testId: string;
  note: string;
  error: string | null;
  onSubmit(e: FormEvent): void;
  onCancel(): void;
  children: ReactNode;
  submit: ReactNode;
}) {
  const { t } = useTranslation('user');
  return (
    <form className="form" onSubmit={props.onSubmit} noValidate data-testid={props.testId}>
      <p className="section-note">{props.note}</p>
      <FormAlert message={props.error} />
      {props.children}
      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={props.onCancel}>
          {t('twoFactor.cancel')}
        </Button>
        {props.submit}
      </div>
    </form>
  );
}

/** The login password first: a stolen session alone cannot set it up. */
function PasswordStep({ onDone, onCancel }: { onDone(setup: TotpSetupResponse): void; onCancel(): void }) {
  const { t } = useTranslation('user');
  const { refreshUser } = useSession();
  const setup = useTotpSetup();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(t('auth:required.password'));
    setError(null);
    setup.mutate(
      { password },
      {
        onSuccess: onDone,
        onError: (err) => {
          setError(errorText(err, t));
          if (isApiError(err) && err.code === 'TOTP_ALREADY_ENABLED') void refreshUser();
        },
      },
    );
  };
  return (
    <StepForm
      testId="totp-password-form"
      note={t('twoFactor.passwordPrompt')}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
      submit={
        <Button type="submit" loading={setup.isPending} data-testid="totp-continue">
          {t('twoFactor.continue')}
        </Button>
      }
    >
      <Field
        label={t('twoFactor.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        maxLength={128}
        data-testid="totp-password"
      />
    </StepForm>
  );
}

/** The QR code and the key as text, then the first code turns it on. */
function ScanStep({ setup, onDone, onExpired, onCancel }: { setup: TotpSetupResponse; onDone(codes: string[]): void; onExpired(): void; onCancel(): void }) {
  const { t } = useTranslation('user');
  const enable = useTotpEnable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t('totp.required'));
    setError(null);
    enable.mutate(code.trim(), {
      onSuccess: (r) => onDone(r.recoveryCodes),
      onError: (err) => {
        setError(errorText(err, t));
        // The pending secret expired (10 minutes): back to the password.
        if (isApiError(err) && err.code === 'TOTP_SETUP_REQUIRED') onExpired();
      },
    });
  };
  return (
    <StepForm
      testId="totp-scan"
      note={t('twoFactor.scan')}
      error={null}
      onSubmit={submit}
      onCancel={onCancel}
      submit={
        <Button type="submit" loading={enable.isPending} data-testid="totp-enable">
          {t('twoFactor.turnOn')}
        </Button>
      }
    >
      {/* The api's own SVG (the qrcode library, as for operators): no user input reaches it. */}
      <div className={styles.qr} data-testid="totp-qr" role="img" aria-label={t('twoFactor.secret')} dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
      <div className={styles.secretRow}>
        <div>
          <p className={styles.secretLabel}>{t('twoFactor.secret')}</p>
          <code className={styles.secret} data-testid="totp-secret">
            {setup.secret}
          </code>
        </div>
        <CopyButton value={setup.secret} name={t('twoFactor.secret')} />
      </div>
      <p className="section-note">{t('twoFactor.confirmPrompt')}</p>
      <FormAlert message={error} />
      <TotpField value={code} onChange={setCode} />
    </StepForm>
  );
}

/** The ten recovery codes, this once: copy them or save them as a file. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('user');
  return (
    <div data-testid="totp-recovery">
      <h3 className={styles.subtitle}>{t('twoFactor.recoveryTitle')}</h3>
      <p className="section-note">{t('twoFactor.recoveryNote')}</p>
      <ol className={styles.codes}>
        {codes.map((c) => (
          <li key={c} data-testid="totp-recovery-code">
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <CopyButton value={codes.join('\n')} name={t('twoFactor.recoveryTitle')} />
        <Button type="button" variant="secondary" size="sm" onClick={() => downloadCodes(t('twoFactor.fileTitle'), codes)} data-testid="totp-download">
          {t('twoFactor.download')}
        </Button>
      </div>
      <Button block onClick={onDone} data-testid="totp-done">
        {t('twoFactor.done')}
      </Button>
    </div>
  );
}

/** Off with a current code or a recovery code. */
function TurnOffStep({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useTranslation('user');
  const disable = useTotpDisable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t('totp.required'));
    setError(null);
    disable.mutate(code.trim(), { onSuccess: onDone, onError: (err) => setError(errorText(err, t)) });
  };
  return (
    <StepForm
      testId="totp-off-form"
      note={t('twoFactor.offPrompt')}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
      submit={
        <Button type="submit" variant="danger" loading={disable.isPending} data-testid="totp-off-confirm">
          {t('twoFactor.turnOff')}
        </Button>
      }
    >
      <TotpField value={code} onChange={setCode} autoFocus />
    </StepForm>
  );
}

/**
 * Two-factor sign-in in the security settings: set up behind the login password (the QR code and the key as
 * text), confirm with a first code, the ten recovery codes shown once (copy or download), and off with a code.
 */
export function TwoFactorCard() {
  const { t } = useTranslation('user');
  const toast = useToast();
  const { user, refreshUser } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const on = user?.totpEnabled === true;
  const idle = () => setStep({ kind: 'idle' });
  const finished = (message: string) => {
    idle();
    void refreshUser();
    toast.success(message);
  };

  let body;
  if (step.kind === 'password') body = <PasswordStep onDone={(setup) => setStep({ kind: 'scan', setup })} onCancel={idle} />;
  else if (step.kind === 'scan')
    body = (
      <ScanStep setup={step.setup} onDone={(codes) => setStep({ kind: 'codes', codes })} onExpired={() => setStep({ kind: 'password' })} onCancel={idle} />
    );
  else if (step.kind === 'codes') body = <RecoveryCodes codes={step.codes} onDone={() => finished(t('twoFactor.enabled'))} />;
  else if (step.kind === 'off') body = <TurnOffStep onDone={() => finished(t('twoFactor.disabled'))} onCancel={idle} />;
  else
    body = (
      <Button
        variant={on ? 'secondary' : 'primary'}
        block
        onClick={() => setStep({ kind: on ? 'off' : 'password' })}
        data-testid={on ? 'totp-turn-off' : 'totp-turn-on'}
      >
        {on ? t('twoFactor.turnOff') : t('twoFactor.turnOn')}
      </Button>
    );

  return (
    <section className="card settings-section" aria-labelledby="two-factor-title" data-testid="two-factor">
      <h2 className="section-title" id="two-factor-title">
        {t('twoFactor.title')}
        <span className={`badge ${on ? 'badge--ok' : styles.off} ${styles.status}`} data-testid="totp-status">
          {on ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
        </span>
      </h2>
      <p className="section-note">{t('twoFactor.note')}</p>
      {body}
    </section>
  );
}
