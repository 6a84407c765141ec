import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Order, Page } from '@candor/contracts';
import { formatCents, parseMoney } from '@candor/domain';
import { Button } from '../../components';
import { api } from '../../lib/api';
import { API } from '../../lib/wire';
import { formatMoney } from '../../lib/format';
import { ROUTES } from '../../lib/paths';
import { useLimits, useSignedIn } from './hooks';

/** sessionStorage key of when this tab's session began (ms): a reload keeps it, a new tab starts afresh. */
const START_KEY = 'candor.sessionStart';
const CHECK_EVERY_MS = 10_000;
/** How many pages of the newest settled real orders the result reads at most (100 each). */
const MAX_PAGES = 5;

function sessionStart(): number {
  try {
    const v = Number(sessionStorage.getItem(START_KEY));
    if (Number.isFinite(v) && v > 0) return v;
    const now = Date.now();
    sessionStorage.setItem(START_KEY, String(now));
    return now;
  } catch {
    return Date.now();
  }
}

/** The net result of real orders settled since `since` (ms), as a wire amount. */
async function sessionResult(since: number): Promise<string> {
  let cents = 0;
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: Record<string, string> = { account: 'real', status: 'settled', limit: '100', ...(cursor ? { cursor } : {}) };
    const res: Page<Order> = await api.get<Page<Order>>(API.orders, { query });
    for (const o of res.items) if (o.closedAt && Date.parse(o.closedAt) >= since) cents += parseMoney(o.pnl ?? '0') ?? 0;
    // Newest first by opening: once an order opened a day before the session, the rest closed before it.
    const last = res.items[res.items.length - 1];
    if (!res.nextCursor || !last || Date.parse(last.openedAt) < since - 86_400_000) break;
    cursor = res.nextCursor;
  }
  return formatCents(cents);
}

/**
 * The session reminder the user asked for (reminderMinutes): every N minutes a dialog with the time spent in this
 * tab's session and the result of the real orders settled since it began; OK dismisses it until the next one.
 */
export function SessionReminder() {
  const { t } = useTranslation('limits');
  const signedIn = useSignedIn();
  const limits = useLimits(signedIn);
  const every = signedIn ? (limits.data?.limits.reminderMinutes ?? null) : null;
  const [start] = useState(sessionStart);
  const [lastShown, setLastShown] = useState(start);
  const [shown, setShown] = useState<{ minutes: number; pnl: string } | null>(null);

  useEffect(() => {
    if (!every || shown) return;
    const check = () => {
      const now = Date.now();
      if (now - lastShown < every * 60_000) return;
      setLastShown(now);
      const minutes = Math.floor((now - start) / 60_000);
      sessionResult(start).then(
        (pnl) => setShown({ minutes, pnl }),
        () => setShown({ minutes, pnl: '' }),
      );
    };
    check();
    const id = setInterval(check, CHECK_EVERY_MS);
    return () => clearInterval(id);
  }, [every, shown, lastShown, start]);

  if (!shown || !every) return null;
  const dismiss = () => setShown(null);
  return (
    <div className="dialog" onClick={dismiss}>
      <div
        className="dialog__panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="session-reminder-title"
        onClick={(e) => e.stopPropagation()}
        data-testid="session-reminder"
      >
        <h2 className="dialog__title" id="session-reminder-title">
          {t('reminder.title')}
        </h2>
        <p className="dialog__message">{t('reminder.text', { minutes: shown.minutes, pnl: shown.pnl ? formatMoney(shown.pnl, { sign: true }) : '--' })}</p>
        <div className="dialog__actions">
          <Link to={ROUTES.responsibleTrading} className="btn btn--secondary" onClick={dismiss}>
            <span className="btn__label">{t('reminder.settings')}</span>
          </Link>
          <Button onClick={dismiss} data-testid="session-reminder-ok" autoFocus>
            {t('reminder.dismiss')}
          </Button>
        </div>
      </div>
    </div>
  );
}
