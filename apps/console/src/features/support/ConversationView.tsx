import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSupportEntry, AdminSupportConversation } from '@candor/contracts';
import { ErrorState, Loading } from '../../components/States';
import { useOperator } from '../../lib/auth/AuthProvider';
import { formatDateTimeShort } from '../../lib/format';
import { useAuthorizedImage } from '../../lib/api/useAuthorizedImage';
import { CannedPicker } from './CannedPicker';
import { newClientId, useAgents, useConversation, useEntries, useSupportMutations } from './supportApi';

function ChatImage({ path }: { path: string }) {
  const { t } = useTranslation('consoleSupport');
  const { image, retry } = useAuthorizedImage(path);
  if (image.status === 'loading') return <span className="spinner" aria-busy="true" />;
  if (image.status === 'error') return <ErrorState error={image.error} onRetry={retry} />;
  return <img className="support-image" src={image.url} alt={t('imageAlt')} data-testid="support-chat-image" />;
}

function Entry({ entry }: { entry: AdminSupportEntry }) {
  const { t } = useTranslation('consoleSupport');
  if (entry.kind === 'note') {
    return (
      <li className="support-note" data-testid="support-note">
        <span className="small">
          {t('note')} · {entry.operatorEmail} · {formatDateTimeShort(entry.at)}
        </span>
        <p>{entry.text}</p>
      </li>
    );
  }
  const agent = entry.from === 'agent';
  return (
    <li
      className={agent ? 'support-msg support-msg-agent' : 'support-msg support-msg-user'}
      data-testid="support-message"
      data-from={entry.from}
      data-id={entry.id}
    >
      <span className="small muted">
        {agent ? t('fromAgent', { email: entry.operatorEmail ?? '' }) : t('fromUser')} · {formatDateTimeShort(entry.at)}
        {agent ? <span data-testid="support-message-status"> · {t(entry.status)}</span> : null}
      </span>
      <div className="support-bubble">{entry.imageUrl ? <ChatImage path={entry.imageUrl} /> : entry.text}</div>
    </li>
  );
}

/** Who the conversation is with, whom it is assigned to, and the assign and close/reopen controls. */
function ConversationHead({ c, m }: { c: AdminSupportConversation; m: ReturnType<typeof useSupportMutations> }) {
  const { t } = useTranslation('consoleSupport');
  const operator = useOperator();
  const agents = useAgents();
  const closed = c.status === 'closed';
  return (
    <div className="support-chat-head">
      <div>
        <strong>{c.userEmail}</strong>
        <div className="small muted" data-testid="support-assignee">
          {c.assigneeEmail ? t('assignedTo', { email: c.assigneeEmail }) : t('unassigned')} · {closed ? t('closed') : t('open')}
        </div>
      </div>
      <div className="button-row">
        {c.assigneeId !== operator.id ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={m.assign.isPending}
            onClick={() => m.assign.mutate(operator.id)}
            data-testid="support-assign-me"
          >
            {t('assignMe')}
          </button>
        ) : null}
        <select aria-label={t('assignTo')} value="" onChange={(e) => e.target.value && m.assign.mutate(e.target.value)} data-testid="support-assign-select">
          <option value="">{t('assignTo')}</option>
          {agents.data
            ?.filter((a) => a.id !== c.assigneeId)
            .map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
        </select>
        <button
          type="button"
          className="btn btn-small"
          disabled={m.setStatus.isPending}
          onClick={() => m.setStatus.mutate(closed ? 'reopen' : 'close')}
          data-testid={closed ? 'support-reopen' : 'support-close'}
        >
          {closed ? t('reopen') : t('close')}
        </button>
      </div>
    </div>
  );
}

/** One conversation: the messages and notes (notes marked apart), the reply and note composer, assignment, close/reopen. */
export function ConversationView({ id, userTyping, onTyping }: { id: string; userTyping: boolean; onTyping: () => void }) {
  const { t } = useTranslation('consoleSupport');
  const conversation = useConversation(id);
  const entries = useEntries(id);
  const m = useSupportMutations(id);
  const [draft, setDraft] = useState('');
  const [asNote, setAsNote] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const items = useMemo(() => [...(entries.data?.pages.flatMap((p) => p.items) ?? [])].reverse(), [entries.data]);
  const unreadFromUser = items.some((e) => e.kind === 'message' && e.from === 'user' && e.status !== 'read');

  // The agent looking at the conversation reads the user's messages.
  useEffect(() => {
    if (unreadFromUser && !m.markRead.isPending) m.markRead.mutate();
  }, [unreadFromUser, id]);
  useLayoutEffect(() => {
    if (listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [items.length, userTyping]);

  if (conversation.isPending || entries.isPending) return <Loading />;
  if (conversation.isError) return <ErrorState error={conversation.error} onRetry={() => void conversation.refetch()} />;
  if (entries.isError) return <ErrorState error={entries.error} onRetry={() => void entries.refetch()} />;
  const c: AdminSupportConversation = conversation.data;
  const closed = c.status === 'closed';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    const done = { onSuccess: () => setDraft('') };
    if (asNote) m.note.mutate(text, done);
    else m.reply.mutate({ text, clientId: newClientId() }, done);
  };
  const sendImage = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.set('clientId', newClientId());
    form.set('image', file, file.name || 'image');
    m.reply.mutate(form);
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <section className="support-chat" data-testid="support-chat" data-conversation={id}>
      <ConversationHead c={c} m={m} />
      {[m.assign, m.setStatus, m.reply, m.note].map((x, i) => (x.isError ? <ErrorState key={i} error={x.error} /> : null))}
      <ul className="support-entries" ref={listRef} data-testid="support-entries">
        {entries.hasNextPage ? (
          <li className="load-more">
            <button
              type="button"
              className="btn btn-small"
              disabled={entries.isFetchingNextPage}
              onClick={() => void entries.fetchNextPage()}
              data-testid="support-older"
            >
              {t('loadOlder')}
            </button>
          </li>
        ) : null}
        {items.map((e) => (
          <Entry key={`${e.kind}-${e.id}`} entry={e} />
        ))}
        {userTyping ? (
          <li className="small muted" data-testid="support-user-typing">
            {t('typing')}
          </li>
        ) : null}
      </ul>
      {closed ? <p className="notice notice-info">{t('closedNotice')}</p> : null}
      <CannedPicker onPick={(text) => setDraft(text)} />
      <form className={asNote ? 'support-composer support-composer-note' : 'support-composer'} onSubmit={submit}>
        <label className="toggle-text small">
          <input type="checkbox" checked={asNote} onChange={(e) => setAsNote(e.target.checked)} data-testid="support-note-toggle" /> {t('note')} (
          {t('noteHint')})
        </label>
        <textarea
          value={draft}
          rows={3}
          maxLength={2000}
          placeholder={asNote ? t('note') : t('replyPlaceholder')}
          aria-label={asNote ? t('note') : t('replyPlaceholder')}
          disabled={closed && !asNote}
          onChange={(e) => {
            setDraft(e.target.value);
            if (!asNote) onTyping();
          }}
          data-testid="support-input"
        />
        <div className="button-row">
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            onChange={(e) => sendImage(e.target.files?.[0])}
            data-testid="support-file"
          />
          <button type="button" className="btn btn-small" disabled={closed || asNote} onClick={() => fileRef.current?.click()}>
            {t('image')}
          </button>
          <button
            type="submit"
            className="btn btn-primary btn-small"
            disabled={!draft.trim() || m.reply.isPending || m.note.isPending}
            data-testid="support-send"
          >
            {asNote ? t('addNote') : t('send')}
          </button>
        </div>
      </form>
    </section>
  );
}
