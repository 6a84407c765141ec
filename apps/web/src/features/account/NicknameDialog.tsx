import { useEffect, useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button, Field, FormAlert } from '../../components';
import { errorText } from '../../lib/errors';
import { useUpdateNickname } from './hooks';
import { NICKNAME_MAX, nicknameProblem } from './nickname';
import styles from './nickname.module.css';

/**
 * Edit the nickname others see: a dialog over the personal center, checked as the server checks it. It is
 * put at the end of the body, so the hero's white text does not reach it.
 */
export function NicknameDialog({ current, onClose, onSaved }: { current: string; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('user');
  const titleId = useId();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useUpdateNickname();
  const inputId = useId();

  useEffect(() => {
    document.getElementById(inputId)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, inputId]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = nicknameProblem(value);
    setError(problem ? t(problem, { max: NICKNAME_MAX }) : null);
    if (problem) return;
    setServerError(null);
    save.mutate(value.trim(), { onSuccess: onSaved, onError: (err) => setServerError(errorText(err, t)) });
  };

  return createPortal(
    <div className="dialog" onClick={() => !save.isPending && onClose()}>
      <form
        className={`dialog__panel form ${styles.panel}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        onSubmit={onSubmit}
        noValidate
        data-testid="nickname-dialog"
      >
        <h2 className={`dialog__title ${styles.title}`} id={titleId}>
          {t('nickname.title')}
        </h2>
        <FormAlert message={serverError} />
        <Field
          id={inputId}
          label={t('nickname.label')}
          name="nickname"
          autoComplete="nickname"
          maxLength={NICKNAME_MAX + 8}
          hint={t('nickname.hint', { max: NICKNAME_MAX })}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={error}
          data-testid="nickname-input"
        />
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending} data-testid="nickname-cancel">
            {t('common:action.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="nickname-save">
            {t('nickname.save')}
          </Button>
        </div>
      </form>
    </div>,
    document.body,
  );
}
