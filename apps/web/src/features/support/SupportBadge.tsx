import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupportUnread } from './hooks';
import styles from '../../components/badge.module.css';

/** Wraps an icon with the live count of agents' replies the user has not read (nothing when none, or logged out). */
export function WithSupportBadge({ children }: { children: ReactNode }) {
  const { t } = useTranslation('support');
  const count = useSupportUnread().data ?? 0;
  return (
    <span className={styles.badgeAnchor}>
      {children}
      {count > 0 ? (
        <span className={styles.badge} data-testid="support-badge" data-count={count} aria-label={t('badge', { count })}>
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </span>
  );
}
