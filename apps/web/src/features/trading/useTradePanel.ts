import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { estimatePayout, finalizeAmountInput, formatCents, parseMoney, sanitizeAmountInput, stakeRange } from '@candor/domain';
import type { Direction, Order, Product } from '@candor/contracts';
import { useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { haptic } from '../../lib/haptics';
import { ROUTES } from '../../lib/paths';
import { tradeBlock, type PriceCondition } from '../../lib/priceState';
import { marketKeys } from '../../lib/queryKeys';
import { useSession, type LoginRedirectState } from '../../lib/session';
import { usePlaceOrder, useTradeAccount, useWallet } from './hooks';

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

/** The chosen expiry: the first one at the start, and again when the chosen one leaves the product. */
function useExpiryChoice(expiries: Product['expiries']) {
  const [seconds, setSeconds] = useState<number | null>(expiries[0]?.seconds ?? null);
  useEffect(() => {
    if (seconds === null || !expiries.some((e) => e.seconds === seconds)) setSeconds(expiries[0]?.seconds ?? null);
  }, [expiries, seconds]);
  return { seconds, setSeconds, expiry: expiries.find((e) => e.seconds === seconds) ?? null };
}

/** The clamp of the amount rule when it changed the typed stake: to the minimum or the maximum. */
export interface StakeAdjustment {
  to: 'min' | 'max';
  amount: string;
}

/** The stake box: the chips, the text typed (kept under the amount rule) and its problem. */
function useStake(product: Product, balanceCents: number | null) {
  const minUnits = units(product.minStake, 1);
  const maxUnits = units(product.maxStake, 999999);
  const chips = useMemo(() => {
    const inRange = CHIP_AMOUNTS.filter((a) => a >= minUnits && a <= maxUnits);
    return inRange.length > 0 ? inRange : [minUnits];
  }, [minUnits, maxUnits]);
  const [amount, setAmount] = useState<string>(() => String(chips[0] ?? minUnits));
  const [error, setError] = useState<string | null>(null);
  // The specification's clamp changed what was typed: said beside the box until the next change.
  const [adjusted, setAdjusted] = useState<StakeAdjustment | null>(null);
  const maxCents = parseMoney(product.maxStake) ?? 999_999_00;

  /** The amount rule on leaving the box (or sending): the text the box then holds. */
  const commit = (raw: string) => {
    const v = finalizeAmountInput(raw, { min: minUnits, max: maxUnits });
    const typed = Number(sanitizeAmountInput(raw).replace(/\.$/, '') || '0');
    if (!(typed > 0)) setAdjusted({ to: 'min', amount: v });
    else if (typed > maxUnits) setAdjusted({ to: 'max', amount: v });
    setAmount(v);
    return v;
  };
  const set = (text: string) => {
    setAmount(text);
    setError(null);
    setAdjusted(null);
  };
  return {
    chips,
    amount,
    error,
    adjusted,
    setError,
    commit,
    pick: (chip: number) => set(String(chip)),
    type: (raw: string) => set(sanitizeAmountInput(raw)),
    allIn: () => {
      if (balanceCents === null) return;
      set(formatCents(Math.max(0, Math.min(balanceCents, maxCents))));
    },
    stake: amountCents(amount),
    maxCents,
  };
}

/**
 * The trade panel's state and what its buttons do: the account, the expiry and the stake chosen, the figures
 * shown beside them, why buying is off, and placing the order (or sending a visitor to log in first).
 */
export function useTradePanel(product: Product, condition: PriceCondition | undefined, onPlaced: (order: Order) => void) {
  const { t } = useTranslation('trade');
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const session = useSession();
  const authed = session.status === 'authenticated';
  const [account, setAccount] = useTradeAccount();
  const wallet = useWallet();
  const place = usePlaceOrder();
  const { seconds, setSeconds, expiry } = useExpiryChoice(product.expiries);

  const balance = authed ? (account === 'demo' ? wallet.data?.demo : wallet.data?.available) : undefined;
  const balanceCents = balance ? parseMoney(balance) : null;
  const stakeBox = useStake(product, balanceCents);
  const { stake } = stakeBox;
  const minCents = parseMoney(product.minStake) ?? 100;
  const range = stake === null ? 'below' : stakeRange(stake, minCents, stakeBox.maxCents);
  const short = stake !== null && balanceCents !== null && stake > balanceCents;
  const block = condition ? tradeBlock(product, condition, account, expiry !== null) : 'stale';

  const amountHint =
    range === 'above'
      ? t('amount.aboveMax', { max: formatMoney(product.maxStake) })
      : range === 'below' && stake !== null
        ? t('amount.belowMin', { min: formatMoney(product.minStake) })
        : short
          ? t('errors:INSUFFICIENT_BALANCE')
          : t('amount.limits', { min: formatMoney(product.minStake), max: formatMoney(product.maxStake) });

  const onRefused = (e: unknown) => {
    haptic('refused');
    // The market changed under the screen (halted, closed, its prices now simulated): show it as it is.
    if (isApiError(e) && MARKET_REFUSALS.has(e.code)) {
      void qc.invalidateQueries({ queryKey: marketKeys.product(product.symbol) });
      void qc.invalidateQueries({ queryKey: marketKeys.products });
    }
    const msg = errorText(e, t);
    if (isApiError(e) && e.field === 'amount') stakeBox.setError(msg);
    toast.error(msg);
  };

  const buy = (direction: Direction) => {
    if (!authed) {
      const state: LoginRedirectState = { from: location.pathname + location.search };
      void navigate(ROUTES.login, { state });
      return;
    }
    if (!expiry || block !== null) return;
    const text = stakeBox.commit(stakeBox.amount);
    if (amountCents(text) === null) {
      stakeBox.setError(t('errors:AMOUNT_OUT_OF_RANGE'));
      return;
    }
    stakeBox.setError(null);
    const body = { symbol: product.symbol, direction, amount: text, durationSeconds: expiry.seconds, account };
    place.mutate(body, {
      onSuccess: (order) => {
        haptic('placed');
        // "Purchase successful" is said by the order's sheet, which belongs to this page: a toast would
        // follow the user to the next page.
        onPlaced(order);
      },
      onError: onRefused,
    });
  };

  return {
    session,
    authed,
    account,
    setAccount,
    wallet,
    balance,
    balanceCents,
    seconds,
    setSeconds,
    expiry,
    stakeBox,
    amountHint,
    estimate: stake !== null && expiry ? formatCents(estimatePayout(stake, expiry.payoutRate)) : null,
    block,
    buying: place.isPending,
    buy,
    /** Where the login link sends a visitor back to. */
    loginState: { from: location.pathname + location.search } satisfies LoginRedirectState,
  };
}
