import { useTranslation } from 'react-i18next';
import { useToast } from './Toast';
import styles from './copy.module.css';

/** Copies a value and says "copied successfully". */
export function CopyButton({ value, name }: { value: string; name: string }) {
  const { t } = useTranslation('money');
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard API (insecure context): copy through a selected text area.
      const area = document.createElement('textarea');
      area.value = value;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    toast.success(t('copy.done'));
  };
  return (
    <button type="button" className={styles.copy} onClick={() => void copy()} aria-label={t('copy.label', { name })} data-testid="copy">
      {t('copy.action')}
    </button>
  );
}
