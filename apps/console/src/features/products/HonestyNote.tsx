import { useTranslation } from 'react-i18next';

/** Always on the products pages: there is no control for prices, outcomes or payouts, by design. */
export function HonestyNote() {
  const { t } = useTranslation();
  return (
    <aside className="notice notice-honest" data-testid="honesty-note" aria-label={t('products.honestyTitle')}>
      <strong>{t('products.honestyTitle')}</strong> {t('products.honesty')}
    </aside>
  );
}
