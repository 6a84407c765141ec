import { memo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Order, Product } from '@candor/contracts';
import { ROUTES } from '../../lib/paths';
import { sameApartFromTicks, type PriceCondition } from '../../lib/priceState';
import { BuyButtons } from './BuyButtons';
import { ExpiryPicker } from './ExpiryPicker';
import { StakeField } from './StakeField';
import { TradeFacts } from './TradeFacts';
import { useTradePanel } from './useTradePanel';
import styles from './trading.module.css';

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

/** The panel's parts, top to bottom; its state and what the buttons do are useTradePanel's. */
function TradePanelView({ product, condition, onPlaced }: TradePanelProps) {
  const { t } = useTranslation('trade');
  const panel = useTradePanel(product, condition, onPlaced);
  const { stakeBox } = panel;
  return (
    <section className={styles.panel} aria-label={t('panel.label')} data-testid="trade-panel">
      {/* The real / demo switch is the page's, at its top (AccountBar): one switch for the screen. */}
      <div className={styles.panelRow}>
        <span className={styles.muted} data-testid="panel-account">
          {t(`account.${panel.account}`)}
        </span>
        <Link to={ROUTES.order} className={styles.link} data-testid="positions-link">
          {t('positions.link')}
        </Link>
      </div>
      <ExpiryPicker expiries={product.expiries} seconds={panel.seconds} onPick={panel.setSeconds} />
      <StakeField
        chips={stakeBox.chips}
        amount={stakeBox.amount}
        error={stakeBox.error}
        adjusted={stakeBox.adjusted}
        hint={panel.amountHint}
        onPick={stakeBox.pick}
        onType={stakeBox.type}
        onCommit={stakeBox.commit}
        onAllIn={stakeBox.allIn}
        allInDisabled={panel.balanceCents === null || panel.balanceCents <= 0}
      />
      <TradeFacts
        account={panel.account}
        authed={panel.authed}
        wallet={panel.wallet}
        balance={panel.balance}
        loginState={panel.loginState}
        estimate={panel.estimate}
        expiry={panel.expiry}
      />
      <BuyButtons
        disabled={panel.block !== null || panel.buying}
        onBuy={panel.buy}
        block={panel.block}
        haltReason={product.haltReason}
        loginHint={!panel.authed && panel.session.status !== 'loading' ? t('buy.loginHint') : null}
      />
    </section>
  );
}
