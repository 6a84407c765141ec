import { useTranslation } from 'react-i18next';

/**
 * Always on the products pages: the rule the editor keeps. Nothing here changes a price or an open order (there is
 * no control for prices, outcomes or payouts); changes that shape prices are scheduled ahead and public.
 */
export function HonestyNote() {
  const { t } = useTranslation();
  return (
    <aside className="notice notice-honest" data-testid="honesty-note" aria-label={t('products.honestyTitle')}>
      <strong>{t('products.honestyTitle')}</strong> {t('products.honesty')}
    </aside>
  );
}
