import { useTranslation } from 'react-i18next';
import { FieldError, Toggle, type SectionProps } from './FormControls';

export function MaintenanceSection({ form, update, err }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className={`card ${form.maintenance ? 'card-warn' : ''}`}>
      <h2>{t('products.sections.maintenance')}</h2>
      <Toggle
        label={t('products.maintenanceOn')}
        hint={t('products.maintenanceHint')}
        checked={form.maintenance}
        onChange={(v) => update({ maintenance: v })}
        name="maintenance"
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
