import { useTranslation } from 'react-i18next';
import { FieldError, Toggle, type SectionProps } from './FormControls';

/**
 * The one switch that applies at once: it stops new orders (sent as `suspended`). It cannot touch a price or an
 * open order: the feed keeps running and open orders settle on their own expiry ticks.
 */
export function MaintenanceSection({ form, update, err }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className={`card ${form.suspended ? 'card-warn' : ''}`} data-testid="suspend-section">
      <h2>{t('products.sections.maintenance')}</h2>
      <Toggle
        label={t('products.suspendOn')}
        hint={t('products.suspendHint')}
        checked={form.suspended}
        onChange={(v) => update({ suspended: v })}
        name="suspended"
      />
      <label className="field">
        <span>{t('products.maintenanceMessage')}</span>
        <textarea
          name="maintenanceMessage"
          rows={2}
          maxLength={500}
          value={form.maintenanceMessage}
          placeholder={t('products.maintenanceMessagePlaceholder')}
          aria-invalid={Boolean(err('maintenanceMessage'))}
          onChange={(e) => update({ maintenanceMessage: e.target.value })}
        />
        <FieldError text={err('maintenanceMessage')} />
      </label>
    </section>
  );
}
