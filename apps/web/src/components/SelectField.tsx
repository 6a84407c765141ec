import { useId, type ReactNode } from 'react';
import { Icon } from './Icon';
import styles from './select.module.css';

/** A labelled native select in the look of the form's fields, with its inline error. */
export function SelectField(props: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  testId: string;
  children: ReactNode;
}) {
  const { label, name, value, onChange, error, testId, children } = props;
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <select
          id={id}
          name={name}
          className={`field__input ${styles.select}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
        >
          {children}
        </select>
        <span className={styles.chevron} aria-hidden="true">
          <Icon name="chevron" size={18} />
        </span>
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
