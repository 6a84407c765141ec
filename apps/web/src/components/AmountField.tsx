import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../lib/format';
import { amountIssue, maxAmount, typedAmount, type AmountIssue, type AmountLimits } from '../lib/amount';
import { Field } from './Field';

export interface AmountFieldProps {
  label: string;
  value: string;
  onChange(text: string): void;
  limits: AmountLimits;
  placeholder?: string;
  hint?: string;
  /** The server's word on the amount (already translated); shown until the next change. */
  error?: string | null;
  /** Show the "enter an amount" and "below the minimum" messages before the field was left (a submit was tried). */
  tried?: boolean;
  /** The input's name and test id, for a form with several amounts (default `amount` and `amount-input`). */
  name?: string;
  testId?: string;
  /** The "maximum" button (default shown); a limit has no maximum worth filling. */
  showMax?: boolean;
}

/** The sentence of an issue, with its amounts formatted, as a key of the `common` namespace and its values. */
export function amountIssueText(issue: AmountIssue, limits: AmountLimits, t: (key: string, values?: Record<string, string>) => string): string {
  switch (issue.kind) {
    case 'belowMin':
      return t('amount.belowMin', { min: formatMoney(issue.min) });
    case 'overMax':
      return t(`amount.over_${issue.over}`, { max: formatMoney(issue.max) });
    case 'none':
      return t(`amount.none_${issue.over}`, { min: formatMoney(String(limits.min / 100)), max: formatMoney(String(limits.max / 100)) });
    case 'empty':
    case 'format':
    case 'decimals':
      return t(`amount.${issue.kind}`);
  }
}

function mergeChars(a: string, b: string): string {
  let out = a;
  for (const ch of b) if (!out.includes(ch)) out += ch;
  return out;
}

/**
 * The amount box of every money form. What is typed stays as typed: a character that is neither a digit nor
 * the first dot is not inserted and the field says so; an amount outside the limits or with more than two
 * decimals is reported in words beside the field (the form disables its submit), never corrected. The
 * "maximum" button fills the largest allowed amount, on purpose.
 */
export function AmountField({
  label,
  value,
  onChange,
  limits,
  placeholder,
  hint,
  error,
  tried = false,
  name = 'amount',
  testId = 'amount-input',
  showMax = true,
}: AmountFieldProps) {
  const { t } = useTranslation('common');
  const [refused, setRefused] = useState('');
  const [left, setLeft] = useState(false);
  const issue = amountIssue(value, limits);
  const max = maxAmount(limits);
  // "Enter an amount" and "below the minimum" wait for the field to be left: 6 on the way to 600 is no mistake.
  const early = issue && (issue.kind === 'empty' || issue.kind === 'belowMin') && !left && !tried;
  const message =
    error ??
    (refused ? t('amount.refused', { chars: refused }) : null) ??
    (issue && !early && !(issue.kind === 'empty' && !tried) ? amountIssueText(issue, limits, t) : null);
  return (
    <Field
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      hint={hint}
      value={value}
      onChange={(e) => {
        const next = typedAmount(e.target.value);
        // While the user types on, the note stays ("1e5" key by key still says the "e" was not entered); a
        // deletion or a replacement starts afresh.
        setRefused((before) => (next.text.startsWith(value) ? mergeChars(before, next.refused) : next.refused));
        onChange(next.text);
      }}
      onBlur={() => setLeft(true)}
      error={message}
      data-testid={testId}
      addon={
        showMax ? (
          <button
            type="button"
            className="field__max"
            disabled={max === null}
            onClick={() => {
              if (max === null) return;
              setRefused('');
              onChange(max);
            }}
            // The visible word starts the name (axe: label-content-name-mismatch), the amount follows.
            aria-label={max === null ? t('amount.max') : `${t('amount.max')}: ${formatMoney(max)}`}
            data-testid="amount-max"
          >
            {t('amount.max')}
          </button>
        ) : undefined
      }
    />
  );
}
