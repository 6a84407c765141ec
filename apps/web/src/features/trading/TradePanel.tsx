import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { breakEvenPercent, estimatePayout, finalizeAmountInput, formatCents, parseMoney, ratePercent, sanitizeAmountInput, stakeRange } from '@candor/domain';
import type { Direction, Order, Product } from '@candor/contracts';
import { Button, useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { useSession, type LoginRedirectState } from '../session/session';
import { ROUTES } from '../../lib/paths';
import { localizeDecimal } from '../market/format';
import { marketKeys } from '../market/hooks';
import { haltLabelKey, sameApartFromTicks, tradeBlock, type PriceCondition, type TradeBlock } from '../market/priceState';
import { AccountSwitch } from './AccountSwitch';
import { DemoResetButton } from './DemoResetButton';
import { usePlaceOrder, useTradeAccount, useWallet } from './hooks';
import { useDurationLabel } from './labels';
import styles from './trading.module.css';
import marketStyles from '../market/market.module.css';
import { haptic } from '../../lib/haptics';

/**
 * Refusals that mean the product's market is not what the screen shows: its data is fetched again (for a
 * pending catalogue change, the page's notice of it then shows, if it did not yet).
 */
const MARKET_REFUSALS = new Set(['MARKET_HALTED', 'PRICE_SIMULATED', 'MARKET_CLOSED', 'MARKET_DATA_STALE', 'CATALOGUE_CHANGE_PENDING']);

/** Preset stake chips, in whole units; those outside the product's limits are left out. */
const CHIP_AMOUNTS = [10, 50, 100, 500, 1000, 5000];

/** The amount input's text as cents, or null when it is not a usable amount yet. */
function amountCents(text: string): number | null {
  const c = parseMoney(text.endsWith('.') ? text.slice(0, -1) : text);
  return c !== null && c > 0 ? c : null;
}

/** A whole-unit number for the amount rule's bounds ("1.00" -> 1). */
function units(money: string, fallback: number): number {
  const c = parseMoney(money);
  return c === null ? fallback : c / 100;
}

/**
 * Buy up / buy down on one product: account switch, expiry choice with its earnings rate,
 * stake (chips, free input under the amount rule, all in), balance, estimated payout,
 * break-even win rate and a risk note. Placing calls `onPlaced` with the new order. `condition` is the
 * price's (usePriceCondition, held by the page): the panel shows no price, so a tick that changes nothing
 * else does not render it again.
 */
export const TradePanel = memo(TradePanelView, (a, b) => a.condition === b.condition && a.onPlaced === b.onPlaced && sameApartFromTicks(a.product, b.product));

interface TradePanelProps {
  product: Product;
  condition: PriceCondition | undefined;
  onPlaced: (order: Order) => void;
}

function TradePanelView({ product, condition, onPlaced }: TradePanelProps) {
  const { t, i18n } = useTranslation('trade');
  const pct = (text: string) => localizeDecimal(text, i18n.language);
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const authed = session.status === 'authenticated';
  const [account, setAccount] = useTradeAccount();
  const wallet = useWallet();
  const place = usePlaceOrder();
  const durationLabel = useDurationLabel();
  const qc = useQueryClient();

  const expiries = product.expiries;
  const [seconds, setSeconds] = useState<number | null>(expiries[0]?.seconds ?? null);
  useEffect(() => {
    if (seconds === null || !expiries.some((e) => e.seconds === seconds)) setSeconds(expiries[0]?.seconds ?? null);
  }, [expiries, seconds]);
  const expiry = expiries.find((e) => e.seconds === seconds) ?? null;

  const minUnits = units(product.minStake, 1);
  const maxUnits = units(product.maxStake, 999999);
  const chips = useMemo(() => {
    const inRange = CHIP_AMOUNTS.filter((a) => a >= minUnits && a <= maxUnits);
    return inRange.length > 0 ? inRange : [minUnits];
  }, [minUnits, maxUnits]);
  const [amount, setAmount] = useState<string>(() => String(chips[0] ?? minUnits));
  const [amountError, setAmountError] = useState<string | null>(null);

  const balance = authed ? (account === 'demo' ? wallet.data?.demo : wallet.data?.available) : undefined;
  const stake = amountCents(amount);
  const estimate = stake !== null && expiry ? formatCents(estimatePayout(stake, expiry.payoutRate)) : null;
  const minCents = parseMoney(product.minStake) ?? 100;
  const maxCents = parseMoney(product.maxStake) ?? 999_999_00;
  const range = stake === null ? 'below' : stakeRange(stake, minCents, maxCents);
  const balanceCents = balance ? parseMoney(balance) : null;
  const short = stake !== null && balanceCents !== null && stake > balanceCents;

  const block = condition ? tradeBlock(product, condition, account, expiry !== null) : 'stale';
  const tradable = block === null;

  const commitAmount = (raw: string) => {
    const v = finalizeAmountInput(raw, { min: minUnits, max: maxUnits });
    setAmount(v);
    return v;
  };

  const allIn = () => {
    if (balanceCents === null) return;
    const cents = Math.min(balanceCents, maxCents);
    setAmount(formatCents(Math.max(0, cents)));
    setAmountError(null);
  };

  const submit = (direction: Direction) => {
    if (!authed) {
      const state: LoginRedirectState = { from: location.pathname + location.search };
      void navigate(ROUTES.login, { state });
      return;
    }
    if (!expiry || !tradable) return;
    const text = commitAmount(amount);
    if (amountCents(text) === null) {
      setAmountError(t('errors:AMOUNT_OUT_OF_RANGE'));
      return;
    }
    setAmountError(null);
    place.mutate(
      { symbol: product.symbol, direction, amount: text, durationSeconds: expiry.seconds, account },
      {
        onSuccess: (order) => {
          haptic('placed');
          toast.success(t('placed'));
          onPlaced(order);
        },
        onError: (e) => {
          haptic('refused');
          // The market changed under the screen (halted, closed, its prices now simulated): show it as it is.
          if (isApiError(e) && MARKET_REFUSALS.has(e.code)) {
            void qc.invalidateQueries({ queryKey: marketKeys.product(product.symbol) });
            void qc.invalidateQueries({ queryKey: marketKeys.products });
          }
          const msg = errorText(e, t);
          if (isApiError(e) && e.field === 'amount') setAmountError(msg);
          toast.error(msg);
        },
      },
    );
  };

  return (
    <section className={styles.panel} aria-label={t('panel.label')} data-testid="trade-panel">
      <div className={styles.panelRow}>
        <AccountSwitch value={account} onChange={setAccount} />
        <Link to={ROUTES.order} className={styles.link} data-testid="positions-link">
          {t('positions.link')}
        </Link>
      </div>

      <fieldset className={styles.group}>
        <legend className={styles.groupLabel}>{t('expiry.label')}</legend>
        {expiries.length === 0 ? (
          <p className={styles.muted}>{t('expiry.none')}</p>
        ) : (
          <div className={styles.expiries} role="radiogroup">
            {expiries.map((e) => (
              <button
                key={e.seconds}
                type="button"
                role="radio"
                aria-checked={e.seconds === seconds}
                className={e.seconds === seconds ? `${styles.expiry} ${styles.expiryOn}` : styles.expiry}
                onClick={() => setSeconds(e.seconds)}
                data-testid={`expiry-${e.seconds}`}
              >
                <span className={styles.expiryTime}>{durationLabel(e.seconds)}</span>
                <span className={styles.expiryRate}>{t('expiry.rate', { rate: pct(ratePercent(e.payoutRate)) })}</span>
              </button>
            ))}
          </div>
        )}
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.groupLabel}>{t('amount.label')}</legend>
        <div className={styles.chips}>
          {chips.map((c) => (
            <button
              key={c}
              type="button"
              className={amount === String(c) ? `${styles.chip} ${styles.chipOn}` : styles.chip}
              onClick={() => {
                setAmount(String(c));
                setAmountError(null);
              }}
              data-testid={`chip-${c}`}
            >
              {c}
            </button>
          ))}
        </div>
        <div className={styles.amountRow}>
          <input
            className={`${styles.amountInput} ${amountError ? styles.amountInvalid : ''}`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => {
              setAmount(sanitizeAmountInput(e.target.value));
              setAmountError(null);
            }}
            onBlur={(e) => commitAmount(e.target.value)}
            aria-label={t('amount.input')}
            aria-invalid={amountError ? true : undefined}
            aria-describedby="amount-hint"
            maxLength={12}
            data-testid="amount-input"
          />
          <Button variant="secondary" size="sm" onClick={allIn} disabled={balanceCents === null || balanceCents <= 0} data-testid="all-in">
            {t('amount.allIn')}
          </Button>
        </div>
        <p id="amount-hint" className={amountError ? styles.errorText : styles.hint} role={amountError ? 'alert' : undefined}>
          {amountError ??
            (range === 'above'
              ? t('amount.aboveMax', { max: formatMoney(product.maxStake) })
              : range === 'below' && stake !== null
                ? t('amount.belowMin', { min: formatMoney(product.minStake) })
                : short
                  ? t('errors:INSUFFICIENT_BALANCE')
                  : t('amount.limits', { min: formatMoney(product.minStake), max: formatMoney(product.maxStake) }))}
        </p>
      </fieldset>

      <dl className={styles.facts}>
        <div>
          <dt>{account === 'demo' ? t('balance.demo') : t('balance.available')}</dt>
          <dd data-testid="balance">
            {!authed ? (
              <Link to={ROUTES.login} state={{ from: location.pathname + location.search } satisfies LoginRedirectState} className={styles.link}>
                {t('balance.login')}
              </Link>
            ) : wallet.isPending ? (
              '…'
            ) : wallet.isError ? (
              <button type="button" className={styles.link} onClick={() => void wallet.refetch()}>
                {t('balance.retry')}
              </button>
            ) : (
              formatMoney(balance)
            )}
            {authed && account === 'demo' ? <DemoResetButton /> : null}
          </dd>
        </div>
        <div>
          <dt>{t('estimate.payout')}</dt>
          <dd data-testid="estimate">{estimate ? formatMoney(estimate) : '--'}</dd>
        </div>
        <div>
          <dt>{t('estimate.breakEven')}</dt>
          <dd data-testid="break-even">{expiry ? t('percent', { value: pct(breakEvenPercent(expiry.payoutRate)) }) : '--'}</dd>
        </div>
      </dl>
      {expiry ? (
        <p className={styles.hint}>
          {t('estimate.explain', { rate: pct(ratePercent(expiry.payoutRate)), breakEven: pct(breakEvenPercent(expiry.payoutRate)) })}
        </p>
      ) : null}

      <div className={styles.buy}>
        <button
          type="button"
          className={`${styles.buyButton} ${styles.buyUp}`}
          disabled={!tradable || place.isPending}
          onClick={() => submit('up')}
          aria-describedby="buy-note"
          data-testid="buy-up"
        >
          <span aria-hidden="true">▲</span> {t('buy.up')}
        </button>
        <button
          type="button"
          className={`${styles.buyButton} ${styles.buyDown}`}
          disabled={!tradable || place.isPending}
          onClick={() => submit('down')}
          aria-describedby="buy-note"
          data-testid="buy-down"
        >
          <span aria-hidden="true">▼</span> {t('buy.down')}
        </button>
      </div>
      <BuyNote block={block} haltReason={product.haltReason} loginHint={!authed && session.status !== 'loading' ? t('buy.loginHint') : null} />
      <p className={styles.risk} data-testid="risk-warning">
        {t('risk')}
      </p>
    </section>
  );
}

/**
 * The line under the buy buttons: why they are off (prices paused with the reason, waiting for prices,
 * simulated prices on the real account), else the login hint. It keeps a line's height when empty, so the
 * buttons and the risk note do not move when a price comes late.
 */
function BuyNote({ block, haltReason, loginHint }: { block: TradeBlock | null; haltReason: string | undefined; loginHint: string | null }) {
  const { t } = useTranslation('market');
  let content: ReactNode = loginHint;
  if (block === 'halted' || block === 'stale' || block === 'simulated') {
    const title = block === 'halted' ? t(haltLabelKey(haltReason)) : block === 'stale' ? t('price.waiting') : t('price.simulated');
    content = (
      <>
        <strong>{title}</strong> {t(`trade.${block}`)}
      </>
    );
  }
  return (
    <p
      id="buy-note"
      className={block && block !== 'noExpiry' ? `${marketStyles.buyNote} ${marketStyles.buyNoteOn}` : marketStyles.buyNote}
      role="status"
      data-testid="buy-note"
      data-block={block ?? undefined}
    >
      {content}
    </p>
  );
}
