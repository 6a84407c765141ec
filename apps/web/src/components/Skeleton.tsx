import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Announced once to screen readers; the grey shapes themselves are decoration. */
function Busy({ className, testId, children }: { className: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className={className} role="status" aria-busy="true" aria-label={t('state.loading')} data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * Rows shaped like the list that is loading (name and subtitle left, figures right, 64 px tall as the
 * real rows are), so the list takes their place without moving what is below it.
 */
export function SkeletonList({ rows = 4, card = true }: { rows?: number; card?: boolean }) {
  return (
    <Busy className={card ? 'skeleton-list card' : 'skeleton-list'} testId="skeleton-list">
      {Array.from({ length: rows }, (_, i) => (
        <div className="skeleton-row" key={i} aria-hidden="true">
          <span className="skeleton-row__main">
            <span className="skeleton skeleton--line" style={{ width: `${52 - (i % 3) * 8}%` }} />
            <span className="skeleton skeleton--line skeleton--thin" style={{ width: '32%' }} />
          </span>
          <span className="skeleton skeleton--pill" />
        </div>
      ))}
    </Busy>
  );
}

/** A whole page loading: its header bar and a few cards. With `delayMs` nothing shows for that long. */
export function PageSkeleton({ delayMs = 0 }: { delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return <div className="page" aria-hidden="true" />;
  return (
    <Busy className="page page-skeleton" testId="page-skeleton">
      <div className="page-skeleton__header" aria-hidden="true">
        <span className="skeleton skeleton--line" style={{ width: '36%' }} />
      </div>
      <div className="page__body" aria-hidden="true">
        <span className="skeleton skeleton--block" style={{ height: 120 }} />
        <span className="skeleton skeleton--block" style={{ height: 64 }} />
        <span className="skeleton skeleton--block" style={{ height: 64 }} />
        <span className="skeleton skeleton--block" style={{ height: 64 }} />
      </div>
    </Busy>
  );
}
