import { useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_TEXT_MAX, type SupportMessage } from '@candor/contracts';
import { Button, EmptyState, ErrorState, Icon, PageHeader, SkeletonList, useToast } from '../../components';
import { useAppInfo } from '../../features/content/hooks';
import { ChatImage } from '../../features/support/ChatImage';
import { isOpen, nextOpening, parseSupportHours } from '../../features/support/hours';
import { useSupportChat } from '../../features/support/hooks';
import { chatItems, type Pending } from '../../features/support/thread';
import { errorText } from '../../lib/errors';
import { currentLanguage } from '../../lib/i18n';
import { checkImageFile, IMAGE_ACCEPT } from '../../lib/upload';
import styles from './support.module.css';

const timeOf = (iso: string) => new Intl.DateTimeFormat(currentLanguage(), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** The hours and the usual reply time; outside the hours, when the answer may be expected (in the device's time). */
function HoursBanner() {
  const { t } = useTranslation('support');
  const text = useAppInfo().data?.supportHours;
  const hours = parseSupportHours(text);
  const now = new Date();
  const closed = hours !== null && !isOpen(hours, now);
  const opens = hours
    ? new Intl.DateTimeFormat(currentLanguage(), { weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(nextOpening(hours, now))
    : '';
  if (!text) return null;
  return (
    <div className={closed ? `${styles.banner} ${styles.bannerClosed}` : styles.banner} data-testid="support-hours" data-open={closed ? 'false' : 'true'}>
      <Icon name="clock" size={16} />
      <div>
        <div>{t('hours', { hours: text })}</div>
        <div>{closed ? t('offHours', { opens }) : t('replyTime')}</div>
      </div>
    </div>
  );
}

function Status({ message }: { message: SupportMessage }) {
  const { t } = useTranslation('support');
  if (message.from !== 'user') return null;
  return (
    <span
      className={message.status === 'read' ? `${styles.status} ${styles.statusRead}` : styles.status}
      data-testid="chat-status"
      data-status={message.status}
    >
      {message.status === 'sent' ? '✓' : '✓✓'} {t(message.status)}
    </span>
  );
}

function Bubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation('support');
  const mine = message.from === 'user';
  return (
    <li className={mine ? styles.mine : styles.theirs} data-testid="chat-message" data-from={message.from} data-id={message.id}>
      {mine ? null : <span className={styles.who}>{t('agent')}</span>}
      <div className={styles.bubble}>{message.imageUrl ? <ChatImage src={message.imageUrl} /> : <span className={styles.text}>{message.text}</span>}</div>
      <span className={styles.meta}>
        {timeOf(message.at)} <Status message={message} />
      </span>
    </li>
  );
}

function PendingBubble({ pending, onRetry }: { pending: Pending; onRetry: () => void }) {
  const { t } = useTranslation('support');
  const label = pending.state === 'failed' ? t('failed') : pending.state === 'sending' ? t('sending') : t('queued');
  return (
    <li className={styles.mine} data-testid="chat-pending" data-state={pending.state}>
      <div className={`${styles.bubble} ${styles.pendingBubble}`}>
        {pending.preview ? <ChatImage local={pending.preview} /> : <span className={styles.text}>{pending.text}</span>}
      </div>
      {pending.state === 'failed' ? (
        <button type="button" className={styles.failed} onClick={onRetry} data-testid="chat-retry">
          {label}
        </button>
      ) : (
        <span className={styles.meta}>
          <Icon name="clock" size={12} /> {label}
        </span>
      )}
    </li>
  );
}

/** The conversation: older pages on demand above, the messages (sent and still to send), the agent typing. */
function ChatHistory({ chat, items, onOlder }: { chat: ReturnType<typeof useSupportChat>; items: ReturnType<typeof chatItems>; onOlder: () => void }) {
  const { t } = useTranslation('support');
  const { history } = chat;
  return (
    <>
      {history.hasNextPage ? (
        <div className={styles.older}>
          <Button variant="text" size="sm" loading={history.isFetchingNextPage} onClick={onOlder} data-testid="chat-older">
            {t('loadOlder')}
          </Button>
        </div>
      ) : items.length > 0 ? (
        <p className={styles.start}>{t('noOlder')}</p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState icon="chat" title={t('empty')} description={t('emptyHint')} />
      ) : (
        <ul className={styles.list} data-testid="chat-list">
          {items.map((i) =>
            i.kind === 'stored' ? (
              <Bubble key={i.message.id} message={i.message} />
            ) : (
              <PendingBubble key={i.pending.clientId} pending={i.pending} onRetry={() => chat.retry(i.pending.clientId)} />
            ),
          )}
        </ul>
      )}
      {chat.agentTyping ? (
        <p className={styles.typing} data-testid="chat-typing">
          {t('typing')}
        </p>
      ) : null}
    </>
  );
}

/** /support: the user's chat with customer service, live, with history paging upwards and an offline queue. */
export default function SupportPage() {
  const { t } = useTranslation(['support', 'common']);
  const toast = useToast();
  const chat = useSupportChat();
  const { history } = chat;
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const items = useMemo(() => chatItems(history.data, chat.pending), [history.data, chat.pending]);
  const last = items.at(-1);
  const lastKey = last ? (last.kind === 'stored' ? last.message.id : last.pending.clientId) : '';

  // New messages at the bottom keep the view at the bottom; older pages loaded above keep what was on screen.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else {
      el.scrollTop = el.scrollHeight;
    }
  }, [lastKey, items.length, chat.agentTyping]);

  const loadOlder = () => {
    const el = listRef.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void history.fetchNextPage();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    if (text.length > SUPPORT_TEXT_MAX) {
      toast.error(t('tooLong', { max: SUPPORT_TEXT_MAX }));
      return;
    }
    chat.sendText(text);
    setDraft('');
  };

  const pickImage = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) toast.error(t(`verify:image.${problem}`, { defaultValue: t('common:error.generic') }));
    else chat.sendImage(file);
    if (fileRef.current) fileRef.current.value = '';
  };

  const offline = !chat.connected || (typeof navigator !== 'undefined' && navigator.onLine === false);

  return (
    <main className={`page ${styles.page}`} data-testid="support">
      <PageHeader title={t('title')} back />
      <HoursBanner />
      {offline && !history.isPending ? (
        <div className={styles.offline} role="status" data-testid="support-offline">
          {t('offline')}
        </div>
      ) : null}
      <div className={styles.scroll} ref={listRef} data-testid="chat-scroll">
        {history.isPending ? (
          <SkeletonList rows={4} />
        ) : history.isError ? (
          <ErrorState title={t('error')} message={errorText(history.error, t)} onRetry={() => void history.refetch()} />
        ) : (
          <ChatHistory chat={chat} items={items} onOlder={loadOlder} />
        )}
      </div>
      <form className={styles.composer} onSubmit={submit}>
        <input ref={fileRef} type="file" accept={IMAGE_ACCEPT} hidden onChange={(e) => pickImage(e.target.files?.[0])} data-testid="chat-file" />
        <button type="button" className={styles.iconButton} onClick={() => fileRef.current?.click()} aria-label={t('image')} data-testid="chat-image-button">
          <Icon name="image" size={22} />
        </button>
        <textarea
          className={styles.input}
          rows={1}
          value={draft}
          maxLength={SUPPORT_TEXT_MAX}
          placeholder={t('placeholder')}
          aria-label={t('placeholder')}
          onChange={(e) => {
            setDraft(e.target.value);
            chat.typing();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
          }}
          data-testid="chat-input"
        />
        <button type="submit" className={styles.send} disabled={!draft.trim()} aria-label={t('send')} data-testid="chat-send">
          <Icon name="send" size={20} />
        </button>
      </form>
    </main>
  );
}
