import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SLUGS, type PageSlug } from '@candor/contracts';
import { ErrorState, Loading } from '../../components/States';
import { formatDateTime } from '../../lib/format';
import type { FieldSpec } from './contentForm';
import { useAdminPages, useSavePage, type AdminPage, type PageTexts } from './contentApi';
import { ContentLocaleTabs } from './ContentLocaleTabs';
import { Flash, messageOf, useFlash } from './Flash';
import { PhonePreview } from './PhonePreview';
import { RichTextEditor } from './RichTextEditor';
import { useTranslationsForm } from './useTranslationsForm';

const PAGE_SPEC: FieldSpec<PageTexts> = { fields: ['title', 'body'], required: ['title'], html: ['body'] };

/** The privacy policy, the users' rights and the about page, each per language. */
export function PagesEditor() {
  const { t } = useTranslation('consoleContent');
  const pages = useAdminPages();
  const [slug, setSlug] = useState<PageSlug>('about');
  const page = pages.data?.find((p) => p.slug === slug) ?? null;
  return (
    <>
      <div className="segmented" role="group" aria-label={t('pages.label')}>
        {PAGE_SLUGS.map((s) => (
          <button
            key={s}
            type="button"
            className={`btn btn-small${s === slug ? ' active' : ''}`}
            aria-pressed={s === slug}
            onClick={() => setSlug(s)}
            data-testid={`page-slug-${s}`}
          >
            {t(`pages.slugs.${s}`)}
          </button>
        ))}
      </div>
      {pages.isPending ? (
        <Loading />
      ) : pages.isError ? (
        <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />
      ) : (
        <PageForm key={slug} slug={slug} page={page} />
      )}
    </>
  );
}

function PageForm({ slug, page }: { slug: PageSlug; page: AdminPage | null }) {
  const { t } = useTranslation('consoleContent');
  const form = useTranslationsForm(PAGE_SPEC, page?.translations ?? {}, (f) => t(`pages.${f}`));
  const [flash, showFlash] = useFlash();
  const save = useSavePage(slug);

  function submit(e: FormEvent) {
    e.preventDefault();
    const texts = form.check();
    if ('error' in texts) return showFlash({ kind: 'error', text: texts.error });
    save.mutate(texts.translations, {
      onSuccess: () => {
        form.dispatch({ type: 'saved' });
        showFlash({ kind: 'ok', text: (tr) => tr('actions.saved') });
      },
      onError: (err) => showFlash({ kind: 'error', text: (tr) => tr('actions.saveFailed', { message: messageOf(err, '') }) }),
    });
  }

  return (
    <form className="content-editor" onSubmit={submit} noValidate data-testid="page-editor" data-slug={slug}>
      <div className="content-editor-main card">
        <h2>{t(`pages.slugs.${slug}`)}</h2>
        {page ? (
          <p className="muted small">{t('pages.updated', { time: formatDateTime(page.updatedAt) })}</p>
        ) : (
          <p className="notice notice-info">{t('pages.empty')}</p>
        )}
        <ContentLocaleTabs locale={form.locale} onSwitch={form.switchTo} missing={form.missing} />
        <div lang={form.locale} className="content-fields">
          <label className="field field-wide">
            <span>
              {t('pages.title')}
              {form.locale === 'zh-TW' ? <span className="required"> *</span> : null}
            </span>
            <input name="title" maxLength={200} value={form.value('title')} onChange={(e) => form.set('title', e.target.value)} data-testid="page-title" />
          </label>
          <div className="field field-wide">
            <span>{t('pages.body')}</span>
            <RichTextEditor
              key={form.locale}
              label={t('pages.body')}
              value={form.value('body')}
              onChange={(html) => form.set('body', html)}
              testId="page-body"
            />
          </div>
        </div>
        <Flash flash={flash} onDismiss={() => showFlash(null)} />
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="page-save">
            {save.isPending ? t('actions.saving') : t('actions.save')}
          </button>
          {form.dirty ? <span className="muted small">{t('actions.unsaved')}</span> : null}
        </div>
      </div>
      <PhonePreview locale={form.locale} title={form.value('title')} html={form.value('body')} />
    </form>
  );
}
