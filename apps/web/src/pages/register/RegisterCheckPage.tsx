import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFormFields } from '../../features/auth/useFormFields';
import type { RegisterCheckBody, RegisterCheckResponse } from '@candor/contracts';
import type { PhoneCountry } from '@candor/domain';
import { API } from '../../lib/wire';
import { Button, Field, FormAlert, LossShareNote, PageHeader } from '../../components';
import { CaptchaImage } from '../../features/auth/CaptchaImage';
import { StepIndicator } from '../../features/auth/StepIndicator';
import { useCaptcha, type CaptchaState } from '../../features/auth/useCaptcha';
import { ProofOfWork } from '../../features/auth/ProofOfWork';
import { PhoneCountrySelect, usePhoneCountry } from '../../features/auth/PhoneCountrySelect';
import { BlockedCountryNotice } from '../../features/auth/BlockedCountryNotice';
import { useProofOfWork } from '../../features/auth/useProofOfWork';
import { authErrorText } from '../../features/auth/rateLimit';
import { focusFirstInvalid } from '../../features/auth/focus';
import authStyles from '../../features/auth/auth.module.css';
import { validateRegisterCheck, type RegisterCheckValues } from '../../features/auth/registerValidation';
import { digitsOnly, hasErrors, translateErrors } from '../../lib/forms';
import { api, ApiError } from '../../lib/api';
import { readSession, STORAGE, writeSession } from '../../lib/storage';
import { ROUTES } from '../../lib/paths';

/** What step 1 hands to step 2 in sessionStorage. */
export interface RegistrationHandoff {
  registrationToken: string;
  email: string;
}

type F = keyof RegisterCheckValues;
const FIELDS: F[] = ['email', 'phone', 'inviteCode', 'captchaCode'];
/** Where a server error shows when it names no field. */
const CODE_FIELD: Partial<Record<string, F>> = { USER_EXISTS: 'email', INVITATION_CODE_INVALID: 'inviteCode', CAPTCHA_INVALID: 'captchaCode' };

/** The risk warning before an account is opened, with the platform's own loss figure and its date. */
function RiskWarning() {
  const { t } = useTranslation('auth');
  return (
    <div className={authStyles.risk} role="note" data-testid="register-risk">
      <p>{t('register.risk')}</p>
      <LossShareNote testId="register-loss-share" />
    </div>
  );
}

function ToLogin() {
  const { t } = useTranslation('auth');
  return (
    <p className="auth__switch">
      {t('register.haveAccount')}{' '}
      <Link to={ROUTES.login} className="link">
        {t('register.toLogin')}
      </Link>
    </p>
  );
}

export default function RegisterCheckPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [phoneCountry, setPhoneCountry] = usePhoneCountry();
  const previous = readSession<RegistrationHandoff>(STORAGE.registration);
  const { values, setValues, errors, setErrors, serverError, setServerError, set } = useFormFields<RegisterCheckValues>(
    { email: previous?.email ?? '', phone: '', inviteCode: '', captchaCode: '' },
    (k, raw) => (k === 'captchaCode' ? digitsOnly(raw, 4) : k === 'phone' ? raw.replace(/[^\d+]/g, '').slice(0, 16) : raw),
  );
  const [busy, setBusy] = useState(false);
  const { withoutCode, announcement, switchPath } = useCodePath(() => {
    setErrors((er) => ({ ...er, captchaCode: undefined }));
    setServerError(null);
  });
  const captcha = useCaptcha(!withoutCode);
  const pow = useProofOfWork();
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegisterCheck(values, !withoutCode, phoneCountry);
    setErrors(translateErrors(found, t));
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    if (!withoutCode && !captcha.captchaId) {
      captcha.refresh();
      setErrors({ captchaCode: t('captcha.failed') });
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      const altcha = await pow.take();
      // Without the graphic code the proof-of-work is what stands for it: there is no sending without one.
      if (withoutCode && !altcha) throw new ApiError('ALTCHA_INVALID', t('pow.needed'), 0);
      const body = checkBody(values, phoneCountry, withoutCode ? null : captcha.captchaId, altcha);
      const res = await api.post<RegisterCheckResponse>(API.registerCheck, body);
      writeSession(STORAGE.registration, { registrationToken: res.registrationToken, email: body.email } satisfies RegistrationHandoff);
      void navigate(ROUTES.register);
    } catch (err) {
      const message = authErrorText(err, t);
      const field = errorField(err, withoutCode);
      if (field) setErrors({ [field]: message });
      else setServerError(message);
      // A captcha and a proof-of-work are good for one attempt: have new ones ready after a failure.
      setValues((v) => ({ ...v, captchaCode: '' }));
      if (!withoutCode) captcha.refresh();
      pow.renew();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page page--auth">
      <PageHeader title={t('register.title')} back />
      <main className="auth">
        <StepIndicator step={1} />
        <form className="auth__form card" onSubmit={onSubmit} noValidate data-testid="register-check-form" ref={form}>
          <FormAlert message={serverError} />
          <Field
            label={t('field.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('placeholder.email')}
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            maxLength={254}
          />
          <PhoneCountrySelect value={phoneCountry} onChange={setPhoneCountry} />
          <BlockedCountryNotice country={phoneCountry} />
          <Field
            label={t('field.phone')}
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            placeholder={t('placeholder.phone')}
            hint={t('hint.phone')}
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
          />
          <Field
            label={t('field.inviteCode')}
            name="inviteCode"
            autoComplete="off"
            autoCapitalize="characters"
            placeholder={t('placeholder.inviteCode')}
            value={values.inviteCode}
            onChange={set('inviteCode')}
            error={errors.inviteCode}
            maxLength={16}
          />
          <CodeOrProof
            withoutCode={withoutCode}
            onSwitch={switchPath}
            announcement={announcement}
            captcha={captcha}
            code={values.captchaCode}
            onCode={set('captchaCode')}
            error={errors.captchaCode}
          />
          <ProofOfWork pow={pow} />
          <RiskWarning />
          <Button type="submit" block loading={busy} data-testid="register-check-submit">
            {t('register.next')}
          </Button>
        </form>
        <ToLogin />
      </main>
    </div>
  );
}

/** The field a server error belongs to; none for the graphic code when it is not shown. */
function errorField(err: unknown, withoutCode: boolean): F | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const field = (FIELDS as string[]).includes(err.field ?? '') ? (err.field as F) : CODE_FIELD[err.code];
  return withoutCode && field === 'captchaCode' ? undefined : field;
}

/** What step 1 sends: the graphic code only when it was shown (`captchaId`), the proof-of-work when there is one. */
function checkBody(values: RegisterCheckValues, phoneCountry: PhoneCountry, captchaId: string | null, altcha: string | undefined): RegisterCheckBody {
  return {
    email: values.email.trim(),
    phone: values.phone.trim(),
    phoneCountry,
    inviteCode: values.inviteCode.trim(),
    ...(captchaId ? { captchaId, captchaCode: values.captchaCode.trim() } : {}),
    ...(altcha ? { altcha } : {}),
  };
}

/** The path without the graphic code, for whoever cannot read it: the proof-of-work alone (a stricter limit applies). */
function useCodePath(onSwitch: () => void) {
  const { t } = useTranslation('auth');
  const [withoutCode, setWithoutCode] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const switchPath = () => {
    const next = !withoutCode;
    setWithoutCode(next);
    onSwitch();
    setAnnouncement(next ? t('accessible.switchedOn') : t('accessible.switchedOff'));
  };
  return { withoutCode, announcement, switchPath };
}

interface CodeOrProofProps {
  withoutCode: boolean;
  onSwitch: () => void;
  /** Said by screen readers when the path changes. */
  announcement: string;
  captcha: CaptchaState;
  code: string;
  onCode: (e: { target: { value: string } }) => void;
  error: string | undefined;
}

/** The graphic code, or in its place what the path without it does; and the one button between the two. */
function CodeOrProof({ withoutCode, onSwitch, announcement, captcha, code, onCode, error }: CodeOrProofProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      {withoutCode ? (
        <div className={authStyles.altPath} data-testid="register-without-code">
          <p className={authStyles.altPathTitle}>{t('accessible.title')}</p>
          <p>{t('accessible.note')}</p>
        </div>
      ) : (
        <Field
          label={t('field.captcha')}
          name="captchaCode"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('placeholder.captcha')}
          value={code}
          onChange={onCode}
          error={error}
          addon={<CaptchaImage captcha={captcha} />}
        />
      )}
      {/* One button that changes its words, so focus stays on it when the path changes. */}
      <button type="button" className={`${authStyles.textButton} ${authStyles.switchPath}`} onClick={onSwitch} data-testid="register-switch-path">
        {withoutCode ? t('accessible.useCode') : t('accessible.cannotRead')}
      </button>
      <p className={authStyles.srOnly} role="status">
        {announcement}
      </p>
    </>
  );
}
