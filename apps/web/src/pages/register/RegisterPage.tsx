import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFormFields } from '../../features/auth/useFormFields';
import type { RegisterBody, RegisterResponse } from '@candor/contracts';
import { API } from '../../lib/wire';
import { Button, Field, FormAlert, PageHeader, useToast } from '../../components';
import { StepIndicator } from '../../features/auth/StepIndicator';
import { validateRegister, type RegisterValues } from '../../features/auth/validation';
import { digitsOnly, hasErrors, translateErrors } from '../../lib/forms';
import { api, ApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { readSession, removeSession, STORAGE } from '../../lib/storage';
import { ROUTES } from '../../lib/paths';
import type { RegistrationHandoff } from './RegisterCheckPage';
import type { LoginPageState } from '../login/LoginPage';

type F = keyof RegisterValues;
const FIELDS: F[] = ['password', 'confirmPassword', 'tradePassword', 'confirmTradePassword'];
const CODE_FIELD: Partial<Record<string, F>> = { PASSWORD_MISMATCH: 'confirmPassword', TRADE_PASSWORD_MISMATCH: 'confirmTradePassword' };

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const navigate = useNavigate();
  const [handoff] = useState(() => readSession<RegistrationHandoff>(STORAGE.registration));
  const { values, errors, setErrors, serverError, setServerError, set } = useFormFields<RegisterValues>(
    { password: '', confirmPassword: '', tradePassword: '', confirmTradePassword: '' },
    (k, raw) => (k === 'tradePassword' || k === 'confirmTradePassword' ? digitsOnly(raw, 6) : raw),
  );
  const [restart, setRestart] = useState(false);
  const [busy, setBusy] = useState(false);

  // Step 2 only makes sense after step 1.
  if (!handoff?.registrationToken) return <Navigate to={ROUTES.registerCheck} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegister(values);
    setErrors(translateErrors(found, t));
    if (hasErrors(found)) return;
    setBusy(true);
    setServerError(null);
    const body: RegisterBody = { registrationToken: handoff.registrationToken, ...values };
    try {
      await api.post<RegisterResponse>(API.register, body);
      removeSession(STORAGE.registration);
      toast.success(t('common:success.registered'));
      void navigate(ROUTES.login, { replace: true, state: { email: handoff.email } satisfies LoginPageState });
    } catch (err) {
      setBusy(false);
      const message = errorText(err, t);
      if (err instanceof ApiError) {
        const field = (FIELDS as string[]).includes(err.field ?? '') ? (err.field as F) : CODE_FIELD[err.code];
        if (field) {
          setErrors({ [field]: message });
          return;
        }
        // The step-1 token is missing, expired or already used: start over.
        if (err.field === 'registrationToken' || err.code === 'USER_EXISTS' || err.status === 401) setRestart(true);
      }
      setServerError(message);
    }
  };

  return (
    <div className="page page--auth">
      <PageHeader title={t('register.title')} back={ROUTES.registerCheck} />
      <main className="auth">
        <StepIndicator step={2} />
        <form className="auth__form card" onSubmit={onSubmit} noValidate data-testid="register-form">
          <p className="auth__account">
            {t('register.forEmail')} <strong>{handoff.email}</strong>
          </p>
          <FormAlert message={serverError}>{restart ? <RestartLink /> : null}</FormAlert>
          <input type="email" name="username" autoComplete="username" value={handoff.email} readOnly hidden />
          <Field
            label={t('field.password')}
            type="password"
            name="password"
            autoComplete="new-password"
            placeholder={t('placeholder.newPassword')}
            hint={t('hint.password')}
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            maxLength={64}
          />
          <Field
            label={t('field.confirmPassword')}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            placeholder={t('placeholder.confirmPassword')}
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
            maxLength={64}
          />
          <Field
            label={t('field.tradePassword')}
            type="password"
            name="tradePassword"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('placeholder.tradePassword')}
            hint={t('hint.tradePassword')}
            value={values.tradePassword}
            onChange={set('tradePassword')}
            error={errors.tradePassword}
          />
          <Field
            label={t('field.confirmTradePassword')}
            type="password"
            name="confirmTradePassword"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('placeholder.confirmTradePassword')}
            value={values.confirmTradePassword}
            onChange={set('confirmTradePassword')}
            error={errors.confirmTradePassword}
          />
          <Button type="submit" block loading={busy} data-testid="register-submit">
            {t('register.complete')}
          </Button>
        </form>
      </main>
    </div>
  );
}

/** Back to step 1, forgetting its answer: the step-1 token is missing, expired or already used. */
function RestartLink() {
  const { t } = useTranslation('auth');
  return (
    <Link
      to={ROUTES.registerCheck}
      className="link"
      onClick={() => {
        removeSession(STORAGE.registration);
      }}
    >
      {t('register.restart')}
    </Link>
  );
}
