import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentLink } from '@candor/contracts';
import { Toggle } from './Toggle';
import type { FieldSpec } from './contentForm';
import { useSaveOrdered, type AdminBanner, type AdminHighlight, type HighlightTexts, type OrderedKind } from './contentApi';
import { ContentLocaleTabs } from './ContentLocaleTabs';
import { Flash, messageOf, useFlash } from './Flash';
import { ImageField } from './ImageField';
import { LinkPicker } from './LinkPicker';
import { PhonePreview } from './PhonePreview';
import { useTranslationsForm } from './useTranslationsForm';

// A banner has a title only; a highlight a title and a summary. One form edits both (`summary` unused for banners).
const SPECS: Record<OrderedKind, FieldSpec<HighlightTexts>> = {
  banners: { fields: ['title'], required: ['title'] },
  highlights: { fields: ['title', 'summary'], required: ['title'] },
};

type Item = AdminBanner | AdminHighlight;
const imageOf = (item: Item | null) =>
  item && 'iconUrl' in item ? { id: item.iconUploadId, url: item.iconUrl } : { id: item?.imageUploadId ?? null, url: item?.imageUrl ?? null };

/** Adds (`item` null) or edits a banner or a highlight: title (and summary) per language, picture, link, shown or not. */
export function OrderedItemEditor({ kind, item, onDone }: { kind: OrderedKind; item: Item | null; onDone(saved: boolean): void }) {
  const { t } = useTranslation('consoleContent');
  const spec = SPECS[kind];
  const form = useTranslationsForm(spec, (item?.translations ?? {}) as Record<string, HighlightTexts>, (f) => t(`ordered.${f}`));
  const [image, setImage] = useState(imageOf(item));
  const [link, setLink] = useState<ContentLink | null>(item?.link ?? null);
  const [published, setPublished] = useState(item?.published ?? true);
  const [flash, showFlash] = useFlash();
  const save = useSaveOrdered(kind);
  const banner = kind === 'banners';

  function submit(e: FormEvent) {
    e.preventDefault();
    const texts = form.check();
    if ('error' in texts) return showFlash({ kind: 'error', text: texts.error });
    if (!link) return showFlash({ kind: 'error', text: (tr) => tr('invalid.link') });
    const translations = banner ? Object.fromEntries(Object.entries(texts.translations).map(([l, v]) => [l, { title: v.title }])) : texts.translations;
    const body = { translations, link, published, [banner ? 'imageUploadId' : 'iconUploadId']: image.id };
    save.mutate(
      { id: item?.id ?? null, body },
      {
        onSuccess: () => onDone(true),
        onError: (err) => showFlash({ kind: 'error', text: (tr) => tr('actions.saveFailed', { message: messageOf(err, '') }) }),
      },
    );
  }

  const heading = banner ? (item ? t('ordered.editBanner') : t('ordered.newBanner')) : item ? t('ordered.editHighlight') : t('ordered.newHighlight');
  return (
    <form className="content-editor" onSubmit={submit} noValidate data-testid="ordered-editor">
      <div className="content-editor-main card">
        <h2>{heading}</h2>
        <ContentLocaleTabs locale={form.locale} onSwitch={form.switchTo} missing={form.missing} />
        <div lang={form.locale} className="content-fields">
          <label className="field field-wide">
            <span>
              {t('ordered.title')}
              {form.locale === 'zh-TW' ? <span className="required"> *</span> : null}
            </span>
            <input name="title" maxLength={120} value={form.value('title')} onChange={(e) => form.set('title', e.target.value)} data-testid="ordered-title" />
          </label>
          {banner ? null : (
            <label className="field field-wide">
              <span>{t('ordered.summary')}</span>
              <textarea name="summary" rows={2} maxLength={300} value={form.value('summary')} onChange={(e) => form.set('summary', e.target.value)} />
            </label>
          )}
        </div>
        <ImageField
          label={banner ? t('ordered.image') : t('ordered.icon')}
          alt={form.value('title')}
          url={image.url}
          onChange={(img) => setImage(img ?? { id: null, url: null })}
          testId="ordered-image"
        />
        <LinkPicker value={link} onChange={setLink} />
        <Toggle name="published" label={t('ordered.published')} hint={t('ordered.publishedHint')} checked={published} onChange={setPublished} />
        <Flash flash={flash} onDismiss={() => showFlash(null)} />
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="ordered-save">
            {save.isPending ? t('actions.saving') : t('actions.save')}
          </button>
          <button type="button" className="btn" disabled={save.isPending} onClick={() => onDone(false)}>
            {t('actions.cancel')}
          </button>
        </div>
      </div>
      <PhonePreview locale={form.locale} title={form.value('title')} summary={form.value('summary')} html="" imageUrl={image.url} />
    </form>
  );
}
