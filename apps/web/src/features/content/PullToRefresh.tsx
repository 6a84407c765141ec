import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components';
import styles from './content.module.css';

/** How far (after damping) a pull must go before letting go refreshes. */
const PULL_TRIGGER_PX = 64;
const PULL_MAX_PX = 88;
const DAMPING = 0.5;

/**
 * Pull down at the top of the page to refresh (the touch gesture of a phone's list); `onRefresh` resolves when
 * the new data is in. The page also offers a refresh button, for readers without a touch screen.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation('content');
  const ref = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const el = ref.current;
    if (!el || refreshing) return;
    let startY: number | null = null;
    let distance = 0;
    const onStart = (e: TouchEvent) => {
      startY = window.scrollY <= 0 && e.touches.length === 1 ? e.touches[0]!.clientY : null;
      distance = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const dy = e.touches[0]!.clientY - startY;
      if (dy <= 0) {
        distance = 0;
        setPull(0);
        return;
      }
      // The page is at its top and the finger goes down: this is our gesture, not the browser's own reload.
      if (e.cancelable) e.preventDefault();
      distance = Math.min(PULL_MAX_PX, dy * DAMPING);
      setPull(distance);
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      setPull(0);
      if (distance < PULL_TRIGGER_PX) return;
      setRefreshing(true);
      void refresh
        .current()
        .catch(() => undefined)
        .finally(() => setRefreshing(false));
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, [refreshing]);

  const height = refreshing ? 44 : pull;
  const ready = pull >= PULL_TRIGGER_PX;
  return (
    <div ref={ref} className={styles.pull} data-testid="pull-to-refresh">
      <div className={styles.pullHint} style={{ height }} role="status" aria-live="polite" data-testid="pull-hint">
        {refreshing ? (
          <span>{t('news.refreshing')}</span>
        ) : pull > 0 ? (
          <>
            <Icon name="withdraw" size={16} className={ready ? `${styles.pullIcon} ${styles.pullIconReady}` : styles.pullIcon} />
            <span>{ready ? t('news.release') : t('news.pull')}</span>
          </>
        ) : null}
      </div>
      {children}
    </div>
  );
}
