import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminSupportEntry, AdminSupportMessage } from '@candor/contracts';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { LoadMore } from '../../components/LoadMore';
import { PermissionGate } from '../../components/PermissionGate';
import { formatDateTimeShort } from '../../lib/format';
import { useUserDetail } from '../../features/users/userDetailApi';
import { useAgentSocket } from '../../features/support/agentSocket';
import { ConversationView } from '../../features/support/ConversationView';
import { upsertEntry, type Entries } from '../../features/support/entries';
import { supportKeys, useConversation, useInbox } from '../../features/support/supportApi';
import { Activity, Balances, Kyc, Profile, Section } from '../users/UserDetailPage';
import '../../features/users/users.css';
import '../../features/support/support.css';

/** Beside the chat: the user as the user-detail screen shows them (each read audited there), within the role's permissions. */
function UserPanel({ userId }: { userId: string }) {
  const { t } = useTranslation(['consoleSupport', 'console']);
  const user = useUserDetail(userId);
  if (user.isPending) return <Loading />;
  if (user.isError) return <ErrorState error={user.error} onRetry={() => void user.refetch()} />;
  return (
    <div className="user-detail support-user" data-testid="support-user">
      <Link className="btn btn-small" to={`/users/${encodeURIComponent(userId)}`}>
        {t('openUser')}
      </Link>
      <Profile u={user.data} />
      <Kyc u={user.data} />
      <Section title={t('balances')} testId="support-user-money">
        <PermissionGate permission="users.money">
          <Balances userId={userId} />
        </PermissionGate>
      </Section>
      <Activity u={user.data} />
    </div>
  );
}

function SidePanel({ id }: { id: string }) {
  const conversation = useConversation(id);
  if (!conversation.data) return null;
  return (
    <aside className="support-side">
      <PermissionGate permission="users.read">
        <UserPanel userId={conversation.data.userId} />
      </PermissionGate>
    </aside>
  );
}

function Inbox() {
  const { t } = useTranslation('consoleSupport');
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') === 'closed' ? 'closed' : 'open';
  const selected = params.get('c');
  const inbox = useInbox(status);
  const [typingIn, setTypingIn] = useState<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const rows = inbox.data?.pages.flatMap((p) => p.items) ?? [];

  const putEntry = (conversationId: string, entry: AdminSupportEntry) =>
    qc.setQueryData<Entries>(supportKeys.entries(conversationId), (d) => upsertEntry(d, entry));
  const socket = useAgentSocket({
    support: (m) => {
      const msg = m as AdminSupportMessage;
      if (!msg.conversationId) return;
      putEntry(msg.conversationId, msg);
      if (msg.from === 'user' && msg.conversationId === typingIn) setTypingIn(null);
      void qc.invalidateQueries({ queryKey: ['admin-support', 'inbox'] });
    },
    note: (n) => putEntry(n.conversationId, n),
    conversation: (c) => {
      void qc.invalidateQueries({ queryKey: ['admin-support', 'inbox'] });
      void qc.invalidateQueries({ queryKey: supportKeys.conversation(c.id) });
    },
    typing: (e) => {
      if (e.from !== 'user') return;
      setTypingIn(e.conversationId);
      if (typingTimer.current) clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTypingIn(null), 4000);
    },
    reconnected: () => void qc.invalidateQueries({ queryKey: supportKeys.all }),
  });
  useEffect(() => () => void (typingTimer.current && clearTimeout(typingTimer.current)), []);

  const lastTyping = useRef(0);
  const typing = () => {
    if (!selected || Date.now() - lastTyping.current < 2000) return;
    lastTyping.current = Date.now();
    socket.typing(selected);
  };
  const select = (id: string) => setParams(status === 'closed' ? { status, c: id } : { c: id });

  return (
    <>
      <PageHeader title={t('title')}>
        <span className={socket.connected ? 'pill pill-ok' : 'pill pill-warn'} data-testid="support-live">
          {socket.connected ? t('live') : t('offline')}
        </span>
      </PageHeader>
      <div className="support-layout">
        <aside className="support-list" data-testid="support-list">
          <div className="button-row">
            {(['open', 'closed'] as const).map((s) => (
              <button
                key={s}
                type="button"
                className={s === status ? 'btn btn-small btn-primary' : 'btn btn-small'}
                onClick={() => setParams(s === 'closed' ? { status: s } : {})}
              >
                {t(s)}
              </button>
            ))}
          </div>
          {inbox.isPending ? (
            <Loading />
          ) : inbox.isError ? (
            <ErrorState error={inbox.error} onRetry={() => void inbox.refetch()} />
          ) : rows.length === 0 ? (
            <Empty>{t('empty')}</Empty>
          ) : (
            <ul className="support-conversations">
              {rows.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={c.id === selected ? 'support-row active' : 'support-row'}
                    onClick={() => select(c.id)}
                    data-testid="support-conversation"
                    data-assigned={c.assigneeId ? 'true' : 'false'}
                  >
                    <span className="support-row-top">
                      <strong>{c.userEmail}</strong>
                      {c.unread > 0 ? <span className="nav-badge">{c.unread}</span> : null}
                    </span>
                    <span className="small muted">{c.lastPreview || '🖼'}</span>
                    <span className="small muted">
                      {c.assigneeEmail ? t('assignedTo', { email: c.assigneeEmail }) : <span className="pill pill-warn">{t('unassigned')}</span>} ·{' '}
                      {formatDateTimeShort(c.lastMessageAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <LoadMore query={inbox} testId="support-more" moreLabel={t('loadOlder')} endLabel="" />
        </aside>
        <div className="support-main">
          {selected ? <ConversationView key={selected} id={selected} userTyping={typingIn === selected} onTyping={typing} /> : <Empty>{t('pick')}</Empty>}
        </div>
        {selected ? <SidePanel id={selected} /> : null}
      </div>
    </>
  );
}

/** The support inbox (issue 49): conversations, the chat with live updates, notes, canned replies, and the user beside it. */
export function SupportInboxPage() {
  return (
    <PermissionGate permission="support.chat">
      <Inbox />
    </PermissionGate>
  );
}
