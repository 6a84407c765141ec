import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '@candor/contracts';
import { Empty, ErrorState, Loading } from '../../components/States';
import { Toggle } from './Toggle';
import type { FieldSpec } from './contentForm';
import { useAdminOffices, useDeleteItem, useSaveOffice, type AdminOffice, type OfficeTexts } from './contentApi';
import { ContentLocaleTabs } from './ContentLocaleTabs';
import { Flash, messageOf, useFlash } from './Flash';
import { ImageField } from './ImageField';
import { useTranslationsForm } from './useTranslationsForm';

const OFFICE_SPEC: FieldSpec<OfficeTexts> = { fields: ['name', 'address', 'hours'], required: ['name', 'address'] };

/** The offices the location pages list: add, edit, delete. */
export function OfficesEditor() {
  const { t } = useTranslation('consoleContent');
  const offices = useAdminOffices();
  const remove = useDeleteItem('offices');
  const [editing, setEditing] = useState<AdminOffice | 'new' | null>(null);
  const [flash, showFlash] = useFlash();

  if (editing) {
    const office = editing === 'new' ? null : editing;
    return (
      <OfficeForm
        key={office?.id ?? 'new'}
        office={office}
        nextSort={(offices.data?.length ?? 0) * 10}
        onDone={(saved) => {
          setEditing(null);
          if (saved) showFlash({ kind: 'ok', text: (tr) => tr('actions.saved') });
        }}
      />
    );
  }
  const del = (o: AdminOffice) => {
    if (!window.confirm(t('offices.deleteConfirm', { name: o.translations[DEFAULT_LOCALE]?.name ?? '' }))) return;
    remove.mutate(o.id, {
      onSuccess: () => showFlash({ kind: 'ok', text: (tr) => tr('actions.deleted') }),
      onError: (err) => showFlash({ kind: 'error', text: (tr) => tr('actions.deleteFailed', { message: messageOf(err, '') }) }),
    });
  };
  return (
    <>
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="office-add">
          {t('offices.add')}
        </button>
      </div>
      <Flash flash={flash} onDismiss={() => showFlash(null)} />
      {offices.isPending ? (
        <Loading />
      ) : offices.isError ? (
        <ErrorState error={offices.error} onRetry={() => void offices.refetch()} />
      ) : offices.data.length === 0 ? (
        <Empty>{t('offices.empty')}</Empty>
      ) : (
        <ul className="ordered-list" data-testid="office-list">
          {offices.data.map((o) => (
            <li key={o.id} className="ordered-row card" data-testid="office-row">
              <span className="ordered-title">
                <strong>{o.translations[DEFAULT_LOCALE]?.name ?? o.id}</strong>
                <small className="muted"> {o.translations[DEFAULT_LOCALE]?.address}</small>
                {o.missing.length ? <small className="muted"> · {`${t('lang.missing')}: ${o.missing.join(', ')}`}</small> : null}
              </span>
              {o.osmEmbed ? <span className="pill pill-warn">{t('offices.osmOn')}</span> : null}
              <span className="ordered-actions">
                <button type="button" className="btn btn-small" onClick={() => setEditing(o)}>
                  {t('actions.edit')}
                </button>
                <button type="button" className="btn btn-small btn-danger" disabled={remove.isPending} onClick={() => del(o)}>
                  {t('actions.delete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const inRange = (v: string, limit: number) => v.trim() !== '' && Number.isFinite(Number(v)) && Math.abs(Number(v)) <= limit;

function OfficeForm({ office, nextSort, onDone }: { office: AdminOffice | null; nextSort: number; onDone(saved: boolean): void }) {
  const { t } = useTranslation('consoleContent');
  const form = useTranslationsForm(OFFICE_SPEC, office?.translations ?? {}, (f) => t(`offices.${f}`));
  const [latitude, setLatitude] = useState(office ? String(office.latitude) : '');
  const [longitude, setLongitude] = useState(office ? String(office.longitude) : '');
  const [map, setMap] = useState({ id: office?.mapImageUploadId ?? null, url: office?.mapImageUrl ?? null });
  const [osmEmbed, setOsmEmbed] = useState(office?.osmEmbed ?? false);
  const [flash, showFlash] = useFlash();
  const save = useSaveOffice(office?.id ?? null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const texts = form.check();
    if ('error' in texts) return showFlash({ kind: 'error', text: texts.error });
    if (!inRange(latitude, 90) || !inRange(longitude, 180)) return showFlash({ kind: 'error', text: (tr) => tr('invalid.coordinates') });
    const body = {
      translations: texts.translations,
      latitude: Number(latitude),
      longitude: Number(longitude),
      mapImageUploadId: map.id,
      osmEmbed,
      sort: office?.sort ?? nextSort,
    };
    save.mutate(body, {
      onSuccess: () => onDone(true),
      onError: (err) => showFlash({ kind: 'error', text: (tr) => tr('actions.saveFailed', { message: messageOf(err, '') }) }),
    });
  }

  const text = (field: keyof OfficeTexts, max: number, required: boolean) => (
    <label className="field field-wide">
      <span>
        {t(`offices.${field}`)}
        {required && form.locale === 'zh-TW' ? <span className="required"> *</span> : null}
      </span>
      <input name={field} maxLength={max} value={form.value(field)} onChange={(e) => form.set(field, e.target.value)} data-testid={`office-${field}`} />
    </label>
  );
  return (
    <form className="content-editor-main card" onSubmit={submit} noValidate data-testid="office-editor">
      <h2>{office ? t('offices.editTitle') : t('offices.newTitle')}</h2>
      <ContentLocaleTabs locale={form.locale} onSwitch={form.switchTo} missing={form.missing} />
      <div lang={form.locale} className="content-fields">
        {text('name', 120, true)}
        {text('address', 300, true)}
        {text('hours', 200, false)}
      </div>
      <div className="row-fields">
        <label className="field">
          <span>{t('offices.latitude')}</span>
          <input name="latitude" inputMode="decimal" value={latitude} onChange={(e) => setLatitude(e.target.value)} data-testid="office-latitude" />
        </label>
        <label className="field">
          <span>{t('offices.longitude')}</span>
          <input name="longitude" inputMode="decimal" value={longitude} onChange={(e) => setLongitude(e.target.value)} data-testid="office-longitude" />
        </label>
      </div>
      <ImageField
        label={t('offices.mapImage')}
        alt={t('offices.mapAlt')}
        url={map.url}
        onChange={(img) => setMap(img ?? { id: null, url: null })}
        testId="office-map"
      />
      <Toggle name="osmEmbed" label={t('offices.osm')} hint={t('offices.osmHint')} checked={osmEmbed} onChange={setOsmEmbed} />
      <Flash flash={flash} onDismiss={() => showFlash(null)} />
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="office-save">
          {save.isPending ? t('actions.saving') : t('actions.save')}
        </button>
        <button type="button" className="btn" disabled={save.isPending} onClick={() => onDone(false)}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
