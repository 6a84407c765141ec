import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Direction } from '@candor/contracts';
import { LossShareNote } from '../../components';
import { haltLabelKey, type TradeBlock } from '../../lib/priceState';
import styles from './trading.module.css';

/** Buy up and buy down, with the line under them saying why they are off, the risk note and the platform's loss figure. */
export function BuyButtons({
  disabled,
  onBuy,
  block,
  haltReason,
  loginHint,
}: {
  disabled: boolean;
  onBuy: (direction: Direction) => void;
  block: TradeBlock | null;
  haltReason: string | undefined;
  loginHint: string | null;
}) {
  const { t } = useTranslation('trade');
  return (
    <>
      <div className={styles.buy}>
        <button
          type="button"
          className={`${styles.buyButton} ${styles.buyUp}`}
          disabled={disabled}
          onClick={() => onBuy('up')}
          aria-describedby="buy-note"
          data-testid="buy-up"
        >
          <span aria-hidden="true">▲</span> {t('buy.up')}
        </button>
        <button
          type="button"
          className={`${styles.buyButton} ${styles.buyDown}`}
          disabled={disabled}
          onClick={() => onBuy('down')}
          aria-describedby="buy-note"
          data-testid="buy-down"
        >
          <span aria-hidden="true">▼</span> {t('buy.down')}
        </button>
      </div>
      <BuyNote block={block} haltReason={haltReason} loginHint={loginHint} />
      <p className={styles.risk} data-testid="risk-warning">
        {t('risk')}
      </p>
      <LossShareNote testId="trade-loss-share" />
    </>
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
      className={block && block !== 'noExpiry' ? `${styles.buyNote} ${styles.buyNoteOn}` : styles.buyNote}
      role="status"
      data-testid="buy-note"
      data-block={block ?? undefined}
    >
      {content}
    </p>
  );
}
