import { useTranslation } from 'react-i18next';
import { Icon, useToast } from '../../components';
import styles from './content.module.css';

/** Shares the page through the phone's share sheet (Web Share API), else copies its link and says so. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation('content');
  const toast = useToast();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (e) {
        // The reader closed the sheet: nothing to say. Any other failure falls through to copying.
        if (e instanceof DOMException && e.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('article.copied'));
    } catch {
      toast.error(t('article.copyFailed'));
    }
  };
  return (
    <button type="button" className={styles.share} onClick={() => void share()} data-testid="share">
      <Icon name="share" size={18} />
      <span>{t('article.share')}</span>
    </button>
  );
}
