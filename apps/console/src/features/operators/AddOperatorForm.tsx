import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorRole } from '@candor/contracts';
import { useCreateOperator } from './operatorsApi';
import { useAddOperatorCheck, useOperatorErrorText, type FieldErrors } from './operatorErrors';

/** The new operator's e-mail, initial password and role; an admin sets up TOTP at their first sign-in. */
export function AddOperatorForm({ onAdded }: { onAdded(email: string): void }) {
  const { t } = useTranslation('consoleOperators');
  const { t: tc } = useTranslation();
  const create = useCreateOperator();
  const check = useAddOperatorCheck();
  const errorText = useOperatorErrorText();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRole>('reviewer');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const draft = { email: email.trim(), password, role };
    const errors = check(draft);
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length) return;
    create.mutate(draft, {
      onSuccess: (account) => {
        onAdded(account.email);
        setEmail('');
        setPassword('');
      },
      onError: (err) => {
        const { field, message } = errorText(err, 'create');
        if (field) setFieldErrors({ [field]: message });
        else setFormError(message);
      },
    });
  }

  // A fixed field's message goes as soon as it is edited.
  const clear = (field: keyof FieldErrors) => setFieldErrors((f) => (f[field] ? { ...f, [field]: undefined } : f));

  return (
    <form className="card operators-add-card" onSubmit={submit} noValidate data-testid="operator-add" aria-labelledby="operator-add-title">
      <h2 id="operator-add-title">{t('addTitle')}</h2>
      <div className="operators-add">
        <label className="field">
          <span>{t('email')}</span>
          <input
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            maxLength={254}
            aria-invalid={Boolean(fieldErrors.email) || undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              clear('email');
            }}
          />
          {fieldErrors.email ? (
            <small className="field-error" data-testid="operator-add-email-error">
              {fieldErrors.email}
            </small>
          ) : null}
        </label>
        <label className="field">
          <span>{t('password')}</span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            maxLength={128}
            aria-invalid={Boolean(fieldErrors.password) || undefined}
            onChange={(e) => {
              setPassword(e.target.value);
              clear('password');
            }}
          />
          {fieldErrors.password ? (
            <small className="field-error" data-testid="operator-add-password-error">
              {fieldErrors.password}
            </small>
          ) : (
            <small className="muted">{t('passwordHint')}</small>
          )}
        </label>
        <label className="field">
          <span>{t('role')}</span>
          <select name="role" value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {tc(`roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="operator-add-submit">
          {create.isPending ? t('working') : t('create')}
        </button>
      </div>
      {formError ? (
        <p className="notice notice-error" role="alert" data-testid="operator-add-error">
          {formError}
        </p>
      ) : null}
    </form>
  );
}
