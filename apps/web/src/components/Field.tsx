import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** Inline error under the input (already translated). */
  error?: string | null;
  hint?: string;
  /** Something beside the input (a captcha image, a button). */
  addon?: ReactNode;
  /** Leading icon. */
  icon?: ReactNode;
}

/** A labelled input with its inline error. Password inputs get a show/hide toggle. */
export function Field({ label, error, hint, addon, icon, id, type = 'text', className, ...rest }: FieldProps) {
  const { t } = useTranslation('common');
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        {icon ? <span className="field__icon">{icon}</span> : null}
        <input
          id={inputId}
          className="field__input"
          type={isPassword && reveal ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        {isPassword ? (
          <button
            type="button"
            className="field__toggle"
            onClick={() => setReveal((r) => !r)}
            aria-label={reveal ? t('action.hidePassword') : t('action.showPassword')}
          >
            <Icon name={reveal ? 'eyeOff' : 'eye'} size={20} />
          </button>
        ) : null}
        {addon ? <span className="field__addon">{addon}</span> : null}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint">{hint}</p>
      ) : null}
    </div>
  );
}
