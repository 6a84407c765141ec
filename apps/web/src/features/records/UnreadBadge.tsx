import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from './unread';
import styles from '../../components/badge.module.css';

/** Wraps an icon with the live count of unread system messages (nothing when none, or logged out). */
export function WithUnreadBadge({ children }: { children: ReactNode }) {
  const { t } = useTranslation('records');
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  return (
    <span className={styles.badgeAnchor}>
      {children}
      {count > 0 ? (
        <span className={styles.badge} data-testid="unread-badge" data-count={count} aria-label={t('message.unreadLabel', { count })}>
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </span>
  );
}
