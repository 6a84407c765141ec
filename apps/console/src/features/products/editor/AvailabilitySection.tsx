import { useTranslation } from 'react-i18next';
import { Toggle, type SectionProps } from './FormControls';

export function AvailabilitySection({ form, update }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2>{t('products.sections.availability')}</h2>
      <div className="toggles">
        <Toggle label={t('products.enabled')} hint={t('products.enabledHint')} checked={form.enabled} onChange={(v) => update({ enabled: v })} name="enabled" />
        <Toggle
          label={t('products.recommended')}
          hint={t('products.recommendedHint')}
          checked={form.recommended}
          onChange={(v) => update({ recommended: v })}
          name="recommended"
        />
      </div>
    </section>
  );
}
