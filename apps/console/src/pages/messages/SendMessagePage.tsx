import '../../features/money/money.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale, SendMessageBody } from '@candor/contracts';
import { ApiError } from '../../lib/api/client';
import { useAdminUsers } from '../../lib/api/queries';
import { PageHeader } from '../../components/Shell';
import { ErrorState, Loading } from '../../components/States';
import { PAGE_PERMISSION } from '../../lib/auth/access';
import { LocaleTabs } from '../../features/money/LocaleTabs';
import { useBroadcasts, useSendMessage, useWithdrawBroadcast } from '../../features/money/moneyApi';
import { formatDateTimeShort } from '../../lib/format';
import { PermissionGate } from '../../components/PermissionGate';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Texts = Partial<Record<Locale, string>>;
const filledOnly = (r: Texts) =>
  Object.fromEntries(
    Object.entries(r)
      .filter(([, v]) => v?.trim())
      .map(([k, v]) => [k, v!.trim()]),
  );

export function SendMessagePage() {
  const { t } = useTranslation('consoleMoney');
  return (
    <>
      <PageHeader title={t('messages.title')} />
      <PermissionGate permission={PAGE_PERMISSION.messages}>
        <MessageForm />
        <Broadcasts />
      </PermissionGate>
    </>
  );
}

/** The newest broadcasts; a live one can be withdrawn (it leaves every user's inbox; audited). */
function Broadcasts() {
  const { t } = useTranslation('consoleMoney');
  const list = useBroadcasts();
  const withdraw = useWithdrawBroadcast();
  return (
    <section className="card" aria-labelledby="broadcasts-title" data-testid="broadcasts">
      <h2 id="broadcasts-title">{t('messages.broadcasts')}</h2>
      {withdraw.isError ? <ErrorState error={withdraw.error} /> : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data.length ? (
        <p className="muted">{t('messages.noBroadcasts')}</p>
      ) : (
        <div className="table-wrap">
          <table className="compact-table">
            <tbody>
              {list.data.map((b) => (
                <tr key={b.id} data-testid="broadcast-row">
                  <td className="nowrap">{formatDateTimeShort(b.createdAt)}</td>
                  <td>{b.title}</td>
                  <td className="nowrap">
                    {b.withdrawnAt ? (
                      <span className="pill pill-muted">{t('messages.withdrawn')}</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-small"
                        data-testid="broadcast-withdraw"
                        disabled={withdraw.isPending}
                        onClick={() => {
                          if (window.confirm(t('messages.confirmWithdraw'))) withdraw.mutate(b.id);
                        }}
                      >
                        {t('messages.withdraw')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function MessageForm() {
  const { t } = useTranslation(['consoleMoney', 'console']);
  const [target, setTarget] = useState<'user' | 'all'>('user');
  const [userId, setUserId] = useState('');
  const [title, setTitle] = useState<Texts>({});
  const [body, setBody] = useState<Texts>({});
  const [problem, setProblem] = useState<'userIdInvalid' | 'textRequired' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const send = useSendMessage();

  function submit(e: FormEvent) {
    e.preventDefault();
    send.reset();
    if (target === 'user' && !UUID.test(userId.trim())) return setProblem('userIdInvalid');
    if (!title['zh-TW']?.trim() || !body['zh-TW']?.trim()) return setProblem('textRequired');
    setProblem(null);
    setConfirming(true);
  }

  function confirm() {
    const payload: SendMessageBody = { title: filledOnly(title), body: filledOnly(body), ...(target === 'user' ? { userId: userId.trim() } : {}) };
    send.mutate(payload, {
      onSuccess: () => {
        setConfirming(false);
        setTitle({});
        setBody({});
      },
      onError: () => setConfirming(false),
    });
  }

  return (
    <form className="card message-form" onSubmit={submit} noValidate data-testid="message-form">
      <fieldset>
        <legend>{t('messages.to')}</legend>
        <div className="button-row">
          {(['user', 'all'] as const).map((v) => (
            <label key={v} className="radio">
              <input type="radio" name="target" value={v} checked={target === v} onChange={() => (setTarget(v), setConfirming(false))} />
              {v === 'user' ? t('messages.toUser') : t('messages.toAll')}
            </label>
          ))}
        </div>
        {target === 'user' ? (
          <>
            <label className="field field-wide">
              <span>{t('messages.userId')}</span>
              <input name="userId" value={userId} spellCheck={false} aria-invalid={problem === 'userIdInvalid'} onChange={(e) => setUserId(e.target.value)} />
            </label>
            <UserPicker chosen={userId.trim()} onPick={(id) => (setUserId(id), setProblem(null))} />
          </>
        ) : null}
      </fieldset>

      <fieldset>
        <legend>{t('messages.texts')}</legend>
        <LocaleTabs label={t('messages.texts')} filled={(l) => Boolean(title[l]?.trim() || body[l]?.trim())}>
          {(l) => (
            <div key={l}>
              <label className="field">
                <span>
                  {t('messages.subject')} {l === 'zh-TW' ? <span className="required">*</span> : null}
                </span>
                <input name={`title.${l}`} maxLength={500} value={title[l] ?? ''} onChange={(e) => setTitle({ ...title, [l]: e.target.value })} />
              </label>
              <label className="field">
                <span>
                  {t('messages.body')} {l === 'zh-TW' ? <span className="required">*</span> : null}
                </span>
                <textarea name={`body.${l}`} rows={5} maxLength={4000} value={body[l] ?? ''} onChange={(e) => setBody({ ...body, [l]: e.target.value })} />
              </label>
            </div>
          )}
        </LocaleTabs>
      </fieldset>

      {problem ? (
        <p className="field-error" role="alert" data-testid="message-problem">
          {t(`messages.${problem}`)}
        </p>
      ) : null}
      {send.isError ? <ErrorState error={send.error instanceof ApiError ? send.error : null} /> : null}
      {send.isSuccess ? (
        <p className="notice notice-info" role="status" data-testid="message-sent">
          {t('messages.sent')}
        </p>
      ) : null}
      {confirming ? (
        <div className="notice notice-warn" role="alertdialog" aria-labelledby="send-confirm" data-testid="message-confirm">
          <p id="send-confirm">{target === 'all' ? t('messages.confirmAll') : t('messages.confirmUser', { userId: userId.trim() })}</p>
          <div className="button-row">
            <button type="button" className="btn btn-primary" data-testid="message-confirm-send" disabled={send.isPending} onClick={confirm}>
              {send.isPending ? t('messages.sending') : t('messages.send')}
            </button>
            <button type="button" className="btn" disabled={send.isPending} onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button type="submit" className="btn btn-primary" data-testid="message-send">
            {t('messages.send')}
          </button>
        </div>
      )}
    </form>
  );
}

/** Finds a user by e-mail, phone, nickname or id in the users list and fills in their id. */
function UserPicker({ chosen, onPick }: { chosen: string; onPick(id: string): void }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState<string | null>(null);
  return (
    <div className="user-picker">
      <div className="row-fields">
        <label className="field field-wide">
          <span>{t('messages.findUser')}</span>
          <input
            type="search"
            name="userSearch"
            value={draft}
            maxLength={100}
            placeholder={t('messages.searchPlaceholder')}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                setQ(draft.trim());
              }
            }}
          />
        </label>
        <button type="button" className="btn" data-testid="user-search" onClick={() => setQ(draft.trim())}>
          {t('messages.search')}
        </button>
      </div>
      {q !== null ? <PickerResults q={q} chosen={chosen} onPick={onPick} /> : null}
    </div>
  );
}

function PickerResults({ q, chosen, onPick }: { q: string; chosen: string; onPick(id: string): void }) {
  const { t } = useTranslation(['consoleMoney', 'console']);
  const users = useAdminUsers(q);
  if (users.isPending) return <Loading />;
  if (users.isError) return <ErrorState error={users.error} onRetry={() => void users.refetch()} />;
  if (!users.data.length) return <p className="muted">{t('messages.noUsers')}</p>;
  return (
    <ul className="picker-list" data-testid="user-results">
      {users.data.slice(0, 10).map((u) => (
        <li key={u.id}>
          <span>
            {u.email ?? u.nickname ?? u.id} <code className="muted small">{u.id}</code>
          </span>
          <button type="button" className="btn btn-small" data-testid="user-pick" data-user-id={u.id} disabled={chosen === u.id} onClick={() => onPick(u.id)}>
            {chosen === u.id ? t('messages.picked') : t('messages.pick')}
          </button>
        </li>
      ))}
    </ul>
  );
}
