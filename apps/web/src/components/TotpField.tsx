import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { useSession } from '../lib/session';
import { Field } from './Field';

/** Keeps what a second-factor code can hold: digits, the letters and dash of a recovery code, spaces; at most 32. */
export const totpInput = (raw: string): string => raw.replace(/[^0-9A-Za-z -]/g, '').slice(0, 32);

/** The code from the authenticator app (or a recovery code), for sign-in, withdrawals and the settings. */
export function TotpField({ value, error, onChange, autoFocus }: { value: string; error?: string | null; onChange(text: string): void; autoFocus?: boolean }) {
  const { t } = useTranslation('user');
  return (
    <Field
      label={t('totp.label')}
      name="totp"
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      autoFocus={autoFocus}
      placeholder={t('totp.placeholder')}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(totpInput(e.target.value))}
      error={error}
      maxLength={32}
      data-testid="totp-input"
    />
  );
}

export interface TotpCode {
  /** The field, when the signed-in user has two-factor sign-in on; else null. */
  field: ReactNode;
  /** Before sending: the body's `totp` (nothing when not needed), or null when it is missing (the field says so). */
  take(): { totp?: string } | null;
  /** After a refusal: true when it was about the code (the field says why and is emptied). */
  refused(err: unknown, message: string): boolean;
}

/**
 * The code a guarded form (a withdrawal, the withdrawal account) sends when the user has two-factor sign-in on:
 * the server would answer TOTP_REQUIRED without it, so the form asks up front.
 */
export function useTotpCode(): TotpCode {
  const { t } = useTranslation('user');
  const needed = useSession().user?.totpEnabled === true;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = needed ? (
    <TotpField
      value={value}
      error={error}
      onChange={(text) => {
        setValue(text);
        setError(null);
      }}
    />
  ) : null;
  const take = () => {
    if (!needed) return {};
    if (!value.trim()) {
      setError(t('totp.required'));
      return null;
    }
    return { totp: value.trim() };
  };
  const refused = (err: unknown, message: string) => {
    if (!(err instanceof ApiError) || (err.code !== 'TOTP_INVALID' && err.code !== 'TOTP_REQUIRED')) return false;
    setValue('');
    setError(message);
    return true;
  };
  return { field, take, refused };
}
