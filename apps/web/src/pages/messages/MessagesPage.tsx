import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemMessage } from '@candor/contracts';
import { Button, EmptyState, ErrorState, Icon, ListFooter, PageHeader, SkeletonList, useToast } from '../../components';
import { useMarkAllRead, useMarkRead, useMessages } from '../../features/records/hooks';
import { flattenPages } from '../../lib/paging';
import { errorText } from '../../lib/errors';
import { formatRelativeTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import styles from '../../features/records/records.module.css';

function MessageRow({ message, open, onToggle }: { message: SystemMessage; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation(['records', 'common']);
  const bodyId = `message-body-${message.id}`;
  return (
    <li className={styles.message} data-testid="message" data-message-id={message.id} data-read={message.read ? 'true' : 'false'}>
      <button type="button" className={styles.messageHead} aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
        <span className={message.read ? styles.dotRead : styles.dot} aria-hidden="true" />
        <span className={styles.rowMain}>
          <span className={message.read ? styles.rowTitle : `${styles.rowTitle} ${styles.unreadTitle}`}>{message.title}</span>
          <span className={styles.rowMeta}>
            {formatRelativeTime(message.createdAt, currentLanguage(), t('common:time.justNow'))}
            {message.read ? null : <span className={styles.unreadTag}>{t('records:message.unread')}</span>}
          </span>
        </span>
        <Icon name="chevron" size={16} className={open ? `${styles.chevron} ${styles.chevronOpen}` : styles.chevron} />
      </button>
      {open ? (
        <p id={bodyId} className={styles.messageBody} data-testid="message-body">
          {message.body}
        </p>
      ) : null}
    </li>
  );
}

/** /pages/message/message: the user's system messages and broadcasts, newest first, live. */
export default function MessagesPage() {
  const { t } = useTranslation('records');
  const toast = useToast();
  const messages = useMessages();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useMemo(() => flattenPages(messages.data), [messages.data]);
  const anyUnread = list.some((m) => !m.read);

  const toggle = (m: SystemMessage) => {
    const opening = openId !== m.id;
    setOpenId(opening ? m.id : null);
    if (opening && !m.read) markRead.mutate(m.id, { onError: (e) => toast.error(errorText(e, t)) });
  };

  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast.success(t('message.allRead')),
      onError: (e) => toast.error(errorText(e, t)),
    });

  return (
    <main className="page" data-testid="messages">
      <PageHeader title={t('message.title')} back />
      <div className="page__body">
        {messages.isPending ? (
          <SkeletonList rows={4} />
        ) : messages.isError ? (
          <ErrorState message={errorText(messages.error, t)} onRetry={() => void messages.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon="bell" title={t('message.empty')} description={t('message.emptyHint')} />
        ) : (
          <>
            {anyUnread ? (
              <div className={styles.toolbar}>
                <span className={styles.muted}>{t('message.unreadLabel', { count: list.filter((m) => !m.read).length })}</span>
                <Button variant="text" size="sm" loading={markAll.isPending} onClick={readAll} data-testid="mark-all-read">
                  {t('message.markAllRead')}
                </Button>
              </div>
            ) : null}
            <ul className={`card ${styles.list}`} data-testid="message-list">
              {list.map((m) => (
                <MessageRow key={m.id} message={m} open={openId === m.id} onToggle={() => toggle(m)} />
              ))}
            </ul>
            <ListFooter
              hasNext={messages.hasNextPage}
              loading={messages.isFetchingNextPage}
              onMore={() => void messages.fetchNextPage()}
              endText={t('message.end')}
            />
          </>
        )}
      </div>
    </main>
  );
}
