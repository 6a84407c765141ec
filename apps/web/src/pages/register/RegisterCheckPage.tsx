import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFormFields } from '../../features/auth/useFormFields';
import type { RegisterCheckBody, RegisterCheckResponse } from '@candor/contracts';
import { API } from '../../lib/wire';
import { Button, Field, FormAlert, PageHeader } from '../../components';
import { CaptchaImage } from '../../features/auth/CaptchaImage';
import { StepIndicator } from '../../features/auth/StepIndicator';
import { useCaptcha } from '../../features/auth/useCaptcha';
import { validateRegisterCheck, type RegisterCheckValues } from '../../features/auth/validation';
import { digitsOnly, hasErrors, translateErrors } from '../../lib/forms';
import { api, ApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
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

export default function RegisterCheckPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const previous = readSession<RegistrationHandoff>(STORAGE.registration);
  const { values, setValues, errors, setErrors, serverError, setServerError, set } = useFormFields<RegisterCheckValues>(
    { email: previous?.email ?? '', phone: '', inviteCode: '', captchaCode: '' },
    (k, raw) => (k === 'captchaCode' ? digitsOnly(raw, 4) : k === 'phone' ? raw.replace(/[^\d+]/g, '').slice(0, 16) : raw),
  );
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(true);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegisterCheck(values);
    setErrors(translateErrors(found, t));
    if (hasErrors(found)) return;
    if (!captcha.captchaId) {
      captcha.refresh();
      setErrors({ captchaCode: t('captcha.failed') });
      return;
    }
    setBusy(true);
    setServerError(null);
    const body: RegisterCheckBody = {
      email: values.email.trim(),
      phone: values.phone.trim(),
      inviteCode: values.inviteCode.trim(),
      captchaId: captcha.captchaId,
      captchaCode: values.captchaCode.trim(),
    };
    try {
      const res = await api.post<RegisterCheckResponse>(API.registerCheck, body);
      writeSession(STORAGE.registration, { registrationToken: res.registrationToken, email: body.email } satisfies RegistrationHandoff);
      void navigate(ROUTES.register);
    } catch (err) {
      const message = errorText(err, t);
      const field = err instanceof ApiError ? ((FIELDS as string[]).includes(err.field ?? '') ? (err.field as F) : CODE_FIELD[err.code]) : undefined;
      if (field) setErrors({ [field]: message });
      else setServerError(message);
      // A captcha is good for one attempt: always show a new one after a failure.
      setValues((v) => ({ ...v, captchaCode: '' }));
      captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page page--auth">
      <PageHeader title={t('register.title')} back />
      <main className="auth">
        <StepIndicator step={1} />
        <form className="auth__form card" onSubmit={onSubmit} noValidate data-testid="register-check-form">
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
          <Field
            label={t('field.captcha')}
            name="captchaCode"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('placeholder.captcha')}
            value={values.captchaCode}
            onChange={set('captchaCode')}
            error={errors.captchaCode}
            addon={<CaptchaImage captcha={captcha} />}
          />
          <Button type="submit" block loading={busy} data-testid="register-check-submit">
            {t('register.next')}
          </Button>
        </form>
        <p className="auth__switch">
          {t('register.haveAccount')}{' '}
          <Link to={ROUTES.login} className="link">
            {t('register.toLogin')}
          </Link>
        </p>
      </main>
    </div>
  );
}
