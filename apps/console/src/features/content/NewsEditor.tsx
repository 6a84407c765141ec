import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AdminNews } from '@candor/contracts';
import { formatDateTime } from '../../lib/format';
import { modeOf, publishAtFor, toLocalInput, type FieldSpec, type PublishMode } from './contentForm';
import { useDeleteItem, useSaveArticle, type NewsTexts } from './contentApi';
import { ContentLocaleTabs } from './ContentLocaleTabs';
import { Flash, messageOf, useFlash } from './Flash';
import { ImageField } from './ImageField';
import { PhonePreview } from './PhonePreview';
import { RichTextEditor } from './RichTextEditor';
import { useTranslationsForm } from './useTranslationsForm';

const NEWS_SPEC: FieldSpec<NewsTexts> = { fields: ['title', 'summary', 'body'], required: ['title'], html: ['body'] };

/** Writes a new article (`article` null) or edits one: texts per language, cover, publish state; delete. */
export function NewsEditor({ article }: { article: AdminNews | null }) {
  const { t } = useTranslation('consoleContent');
  const navigate = useNavigate();
  const form = useTranslationsForm(NEWS_SPEC, article?.translations ?? {}, (f) => t(`news.${f}`));
  const [cover, setCover] = useState<{ id: string | null; url: string | null }>({ id: article?.coverUploadId ?? null, url: article?.coverUrl ?? null });
  const [mode, setMode] = useState<PublishMode>(modeOf(article));
  const [scheduled, setScheduled] = useState(article?.status === 'scheduled' ? toLocalInput(article.publishAt) : '');
  const created = Boolean((useLocation().state as { created?: boolean } | null)?.created);
  const [flash, showFlash] = useFlash(created ? { kind: 'ok', text: (tr) => tr('news.created') } : null);
  const save = useSaveArticle(article?.id ?? null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const texts = form.check();
    if ('error' in texts) return showFlash({ kind: 'error', text: texts.error });
    const publish = publishAtFor(mode, scheduled, article, new Date());
    if (!publish.ok) return showFlash({ kind: 'error', text: (tr) => tr(`invalid.${publish.error}`) });
    save.mutate(
      { translations: texts.translations, coverUploadId: cover.id, publishAt: publish.publishAt },
      {
        onSuccess: (saved) => {
          form.dispatch({ type: 'saved' });
          if (!article) void navigate(`/content/news/${saved.id}`, { replace: true, state: { created: true } });
          else showFlash({ kind: 'ok', text: (tr) => tr('actions.saved') });
        },
        onError: (err) => showFlash({ kind: 'error', text: (tr) => tr('actions.saveFailed', { message: messageOf(err, '') }) }),
      },
    );
  }

  return (
    <form className="content-editor" onSubmit={submit} noValidate data-testid="news-editor">
      <div className="content-editor-main card">
        <h2>{article ? t('news.editTitle') : t('news.newTitle')}</h2>
        <ContentLocaleTabs locale={form.locale} onSwitch={form.switchTo} missing={form.missing} />
        <div lang={form.locale} className="content-fields">
          <label className="field field-wide">
            <span>
              {t('news.title')}
              {form.locale === 'zh-TW' ? <span className="required"> *</span> : null}
            </span>
            <input name="title" maxLength={200} value={form.value('title')} onChange={(e) => form.set('title', e.target.value)} data-testid="news-title" />
          </label>
          <label className="field field-wide">
            <span>{t('news.summary')}</span>
            <textarea
              name="summary"
              rows={2}
              maxLength={500}
              value={form.value('summary')}
              onChange={(e) => form.set('summary', e.target.value)}
              data-testid="news-summary"
            />
          </label>
          <div className="field field-wide">
            <span>{t('news.body')}</span>
            <RichTextEditor
              key={form.locale}
              label={t('news.body')}
              value={form.value('body')}
              onChange={(html) => form.set('body', html)}
              testId="news-body"
            />
          </div>
        </div>
        <ImageField
          label={t('news.cover')}
          alt={t('news.coverAlt')}
          url={cover.url}
          onChange={(img) => setCover(img ?? { id: null, url: null })}
          testId="news-cover"
        />
        <PublishFieldset article={article} mode={mode} setMode={setMode} scheduled={scheduled} setScheduled={setScheduled} />
        <Flash flash={flash} onDismiss={() => showFlash(null)} />
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="news-save">
            {save.isPending ? t('actions.saving') : t('actions.save')}
          </button>
          {form.dirty ? <span className="muted small">{t('actions.unsaved')}</span> : null}
          {article ? <DeleteArticle article={article} onFailed={(text) => showFlash({ kind: 'error', text })} /> : null}
        </div>
      </div>
      <PhonePreview locale={form.locale} title={form.value('title')} summary={form.value('summary')} html={form.value('body')} imageUrl={cover.url} />
    </form>
  );
}

function PublishFieldset(props: {
  article: AdminNews | null;
  mode: PublishMode;
  setMode(m: PublishMode): void;
  scheduled: string;
  setScheduled(v: string): void;
}) {
  const { t } = useTranslation('consoleContent');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const published = props.article?.status === 'published' ? props.article.publishAt : null;
  return (
    <fieldset className="publish-fieldset" data-testid="news-publish">
      <legend>{t('news.publishing')}</legend>
      {(['draft', 'now', 'schedule'] as const).map((m) => (
        <label key={m} className="radio">
          <input type="radio" name="publishMode" value={m} checked={props.mode === m} onChange={() => props.setMode(m)} data-testid={`news-mode-${m}`} />
          <span>{t(`news.modes.${m}`)}</span>
        </label>
      ))}
      {props.mode === 'now' && published ? <p className="muted small">{t('news.publishedSince', { time: formatDateTime(published) })}</p> : null}
      {props.mode === 'schedule' ? (
        <label className="field">
          <span>{t('news.publishAt', { zone })}</span>
          <input
            type="datetime-local"
            name="publishAt"
            value={props.scheduled}
            onChange={(e) => props.setScheduled(e.target.value)}
            data-testid="news-publish-at"
          />
        </label>
      ) : null}
    </fieldset>
  );
}

function DeleteArticle({ article, onFailed }: { article: AdminNews; onFailed(text: string): void }) {
  const { t } = useTranslation('consoleContent');
  const navigate = useNavigate();
  const remove = useDeleteItem('news');
  const title = article.translations['zh-TW']?.title ?? '';
  return (
    <button
      type="button"
      className="btn btn-danger"
      disabled={remove.isPending}
      data-testid="news-delete"
      onClick={() => {
        if (!window.confirm(t('news.deleteConfirm', { title }))) return;
        remove.mutate(article.id, {
          onSuccess: () => void navigate('/content/news', { state: { deleted: true } }),
          onError: (err) => onFailed(t('actions.deleteFailed', { message: messageOf(err, '') })),
        });
      }}
    >
      {remove.isPending ? t('actions.deleting') : t('actions.delete')}
    </button>
  );
}
