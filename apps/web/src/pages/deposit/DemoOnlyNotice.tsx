import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components';
import { useProducts } from '../../features/market/hooks';
import { useTradeAccount } from '../../features/trading/hooks';
import { ROUTES } from '../../lib/paths';
import { isSimulated } from '../../lib/priceState';
import styles from '../../features/money/money.module.css';

/** The notice reads the catalogue only: no live prices needed. */
const NO_TICKERS: readonly string[] = [];

/**
 * When every product is demo only (simulated or replayed prices), a deposit cannot be traded with: the deposit
 * page says so before money is sent, and offers the demo account.
 */
export function DemoOnlyNotice() {
  const { t } = useTranslation('money');
  const products = useProducts(NO_TICKERS);
  const [, setAccount] = useTradeAccount();
  const navigate = useNavigate();
  const list = products.data ?? [];
  if (list.length === 0 || !list.every(isSimulated)) return null;
  return (
    <div className={styles.hold} role="note" data-testid="demo-only-notice">
      <span className={styles.holdTitle}>
        <Icon name="info" size={18} />
        {t('deposit.demoOnlyTitle')}
      </span>
      <span>{t('deposit.demoOnlyText')}</span>
      <button
        type="button"
        className={styles.noticeLink}
        onClick={() => {
          setAccount('demo');
          void navigate(ROUTES.product);
        }}
        data-testid="demo-only-trade"
      >
        {t('deposit.demoOnlyLink')}
      </button>
    </div>
  );
}
