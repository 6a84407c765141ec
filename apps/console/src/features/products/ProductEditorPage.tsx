import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useBlocker, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOCALES, type AdminProduct } from '@candor/contracts';
import { ApiError } from '../../api/client';
import { useAdminProducts, useUpdateProduct } from '../../api/queries';
import { useOperator } from '../../auth/AuthProvider';
import { PageHeader } from '../../components/Shell';
import { Empty, ErrorState, Loading } from '../../components/States';
import { breakEven, formatDateTime, formatRate } from '../../components/format';
import { LANGUAGE_NAMES } from '../../i18n';
import { HonestyNote } from './HonestyNote';
import { parseClock } from '@candor/domain';
import { changes, normalizeTime, rowKey, toForm, validate, type FieldErrors, type ProductForm } from './productForm';
import { durationLabel, productName, weekdayName } from './productText';

export function ProductEditorPage() {
  const { symbol = '' } = useParams();
  const { t } = useTranslation();
  const q = useAdminProducts();
  const product = q.data?.find((p) => p.symbol === symbol);
  return (
    <>
      <PageHeader title={product ? `${product.symbol} · ${productName(product)}` : symbol}>
        <Link className="btn" to="/products">
          {t('products.backToList')}
        </Link>
      </PageHeader>
      <HonestyNote />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : !product ? (
        <Empty>{t('products.notFound', { symbol })}</Empty>
      ) : (
        <Editor key={product.symbol} product={product} />
      )}
    </>
  );
}

function Editor({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const canEdit = operator.role === 'admin';
  const mutation = useUpdateProduct(product.symbol);
  const [baseline, setBaseline] = useState(product);
  const [form, setForm] = useState<ProductForm>(() => toForm(product));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [serverError, setServerError] = useState<ApiError | Error | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const diff = useMemo(() => changes(baseline, form), [baseline, form]);
  const dirty = Object.keys(diff).length > 0;

  // A newer copy arrived (refetch, or another operator's save) while nothing is being edited: show it.
  if (product !== baseline && product.updatedAt !== baseline.updatedAt && !dirty) {
    setBaseline(product);
    setForm(toForm(product));
  }

  const update = (patch: Partial<ProductForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    setSavedAt(null);
    if (submitted) setErrors(validate(next));
  };

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => canEdit && dirty && !mutation.isPending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state === 'blocked') {
      if (window.confirm(t('products.unsavedLeave'))) blocker.proceed();
      else blocker.reset();
    }
  }, [blocker, t]);
  useEffect(() => {
    if (!dirty || !canEdit) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, canEdit]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!canEdit || !dirty) return;
    setSubmitted(true);
    setServerError(null);
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    mutation.mutate(diff, {
      onSuccess: (updated) => {
        const next = updated && typeof updated === 'object' && 'symbol' in updated ? updated : { ...baseline, updatedAt: new Date().toISOString() };
        setBaseline(next);
        setForm(toForm(next));
        setSubmitted(false);
        setErrors({});
        setSavedAt(new Date().toISOString());
      },
      onError: (err) => {
        setServerError(err);
        if (err instanceof ApiError && err.field) setErrors((prev) => ({ ...prev, [err.field as string]: 'invalid' }));
      },
    });
  }

  const err = (path: string) => (errors[path] ? t(`products.errors.${errors[path]}`) : null);
  const errorCount = Object.keys(errors).length;

  return (
    <form ref={formRef} className="editor" onSubmit={submit} noValidate data-testid="product-editor" data-symbol={product.symbol}>
      {!canEdit ? (
        <p className="notice notice-info" data-testid="read-only">
          {t('products.readOnly', { role: t(`roles.${operator.role}`) })}
        </p>
      ) : null}
      <p className="muted small">
        {t(`products.categories.${product.category}`)} · {t('products.updatedAt')}: {formatDateTime(baseline.updatedAt)}
      </p>

      <fieldset disabled={!canEdit || mutation.isPending} className="editor-fields">
        <section className="card">
          <h2>{t('products.sections.availability')}</h2>
          <div className="toggles">
            <Toggle
              label={t('products.enabled')}
              hint={t('products.enabledHint')}
              checked={form.enabled}
              onChange={(v) => update({ enabled: v })}
              name="enabled"
            />
            <Toggle
              label={t('products.recommended')}
              hint={t('products.recommendedHint')}
              checked={form.recommended}
              onChange={(v) => update({ recommended: v })}
              name="recommended"
            />
          </div>
        </section>

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

        <section className="card">
          <h2>{t('products.sections.names')}</h2>
          <p className="muted small">{t('products.namesHint')}</p>
          <div className="names-grid">
            {LOCALES.map((l) => (
              <label key={l} className="field">
                <span>
                  {LANGUAGE_NAMES[l]} <code className="muted">{l}</code>
                  {l === 'zh-TW' ? <span className="required"> *</span> : null}
                </span>
                <input
                  name={`names.${l}`}
                  lang={l}
                  value={form.names[l]}
                  maxLength={60}
                  aria-invalid={Boolean(err(`names.${l}`))}
                  onChange={(e) => update({ names: { ...form.names, [l]: e.target.value } })}
                />
                <FieldError text={err(`names.${l}`)} />
              </label>
            ))}
          </div>
        </section>

        <section className="card">
          <h2>{t('products.sections.pricing')}</h2>
          <div className="row-fields">
            <label className="field field-narrow">
              <span>{t('products.precision')}</span>
              <input
                name="precision"
                type="number"
                inputMode="numeric"
                min={0}
                max={8}
                step={1}
                value={form.precision}
                aria-invalid={Boolean(err('precision'))}
                onChange={(e) => update({ precision: e.target.value })}
              />
              <small className="muted">{t('products.precisionHint')}</small>
              <FieldError text={err('precision')} />
            </label>
            <label className="field">
              <span>{t('products.minStake')}</span>
              <input
                name="minStake"
                inputMode="decimal"
                value={form.minStake}
                aria-invalid={Boolean(err('minStake'))}
                onChange={(e) => update({ minStake: e.target.value })}
              />
              <FieldError text={err('minStake')} />
            </label>
            <label className="field">
              <span>{t('products.maxStake')}</span>
              <input
                name="maxStake"
                inputMode="decimal"
                value={form.maxStake}
                aria-invalid={Boolean(err('maxStake'))}
                onChange={(e) => update({ maxStake: e.target.value })}
              />
              <FieldError text={err('maxStake')} />
            </label>
          </div>
        </section>

        <ExpiriesSection form={form} update={update} err={err} />
        <HoursSection form={form} update={update} err={err} />
        <HolidaysSection form={form} update={update} err={err} />
      </fieldset>

      {canEdit ? (
        <div className="save-bar" role="region" aria-label={t('products.saveBar')}>
          <div className="save-status" aria-live="polite">
            {serverError ? (
              <span className="text-bad" role="alert" data-testid="save-error">
                {serverError.message}
              </span>
            ) : errorCount ? (
              <span className="text-bad" role="alert">
                {t('products.fixErrors', { count: errorCount })}
              </span>
            ) : savedAt ? (
              <span className="text-ok" data-testid="saved">
                {t('products.saved', { time: formatDateTime(savedAt) })}
              </span>
            ) : dirty ? (
              <span>
                {t('products.unsaved', {
                  fields: Object.keys(diff)
                    .map((k) => t(`products.fields.${k as keyof ProductForm}`))
                    .join(', '),
                })}
              </span>
            ) : (
              <span className="muted">{t('products.noChanges')}</span>
            )}
          </div>
          <div className="save-actions">
            <button
              type="button"
              className="btn"
              disabled={!dirty || mutation.isPending}
              onClick={() => {
                setForm(toForm(baseline));
                setErrors({});
                setSubmitted(false);
                setServerError(null);
              }}
            >
              {t('products.discard')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={!dirty || mutation.isPending} data-testid="save">
              {mutation.isPending ? t('products.saving') : t('products.save')}
            </button>
          </div>
        </div>
      ) : null}
    </form>
  );
}

type SectionProps = { form: ProductForm; update: (p: Partial<ProductForm>) => void; err: (path: string) => string | null };

function ExpiriesSection({ form, update, err }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2>{t('products.sections.expiries')}</h2>
      <p className="muted small">{t('products.expiriesHint')}</p>
      <FieldError text={err('expiries')} />
      <div className="rows">
        {form.expiries.map((e, i) => {
          const seconds = Number(e.seconds);
          const be = breakEven(e.payoutRate);
          return (
            <div className="row" key={e.key} data-testid="expiry-row">
              <label className="field field-narrow">
                <span>{t('products.seconds')}</span>
                <input
                  name={`expiries.${i}.seconds`}
                  type="number"
                  inputMode="numeric"
                  min={10}
                  max={86400}
                  value={e.seconds}
                  aria-invalid={Boolean(err(`expiries.${i}.seconds`))}
                  onChange={(ev) => update({ expiries: form.expiries.map((x) => (x.key === e.key ? { ...x, seconds: ev.target.value } : x)) })}
                />
                <FieldError text={err(`expiries.${i}.seconds`)} />
              </label>
              <label className="field field-narrow">
                <span>{t('products.payoutRate')}</span>
                <input
                  name={`expiries.${i}.payoutRate`}
                  inputMode="decimal"
                  value={e.payoutRate}
                  aria-invalid={Boolean(err(`expiries.${i}.payoutRate`))}
                  onChange={(ev) => update({ expiries: form.expiries.map((x) => (x.key === e.key ? { ...x, payoutRate: ev.target.value } : x)) })}
                />
                <FieldError text={err(`expiries.${i}.payoutRate`)} />
              </label>
              <div className="row-summary muted small">
                {Number.isInteger(seconds) && seconds > 0 ? durationLabel(seconds) : '—'}
                {' · '}
                {t('products.ratePreview', { rate: formatRate(e.payoutRate) })}
                {be ? ` · ${t('products.breakEven', { rate: be })}` : ''}
              </div>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                aria-label={t('products.removeExpiry')}
                onClick={() => update({ expiries: form.expiries.filter((x) => x.key !== e.key) })}
              >
                {t('common.remove')}
              </button>
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className="btn btn-small"
        disabled={form.expiries.length >= 10}
        onClick={() => {
          const last = form.expiries[form.expiries.length - 1];
          update({
            expiries: [
              ...form.expiries,
              { key: rowKey(), seconds: last ? String(Number(last.seconds) * 2 || 60) : '60', payoutRate: last?.payoutRate ?? '0.85' },
            ],
          });
        }}
      >
        {t('products.addExpiry')}
      </button>
    </section>
  );
}

const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'Asia/Taipei', 'Asia/Shanghai', 'Asia/Tokyo', 'Europe/London', 'America/New_York'];
  }
})();

/** A session whose close is not after its open runs into the next day ('24:00' closes at the end of the same day). */
function overnight(open: string, close: string): boolean {
  const o = parseClock(normalizeTime(open));
  const c = parseClock(normalizeTime(close), true);
  return o !== null && c !== null && c <= o;
}

function HoursSection({ form, update, err }: SectionProps) {
  const { t } = useTranslation();
  const days = [1, 2, 3, 4, 5, 6, 0];
  return (
    <section className="card">
      <h2>{t('products.sections.hours')}</h2>
      <label className="field field-wide">
        <span>{t('products.timezone')}</span>
        <input
          name="timezone"
          list="tz-list"
          value={form.timezone}
          aria-invalid={Boolean(err('timezone'))}
          onChange={(e) => update({ timezone: e.target.value })}
        />
        <datalist id="tz-list">
          {TIME_ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <FieldError text={err('timezone')} />
      </label>
      <p className="muted small">{t('products.hoursHint')}</p>
      <FieldError text={err('hours')} />
      {form.hours.length === 0 ? (
        <p className="notice notice-info" data-testid="hours-24-7">
          {t('products.allDayExplain')}
        </p>
      ) : (
        <div className="rows">
          {form.hours.map((h, i) => (
            <div className="row" key={h.key} data-testid="hours-row">
              <label className="field">
                <span>{t('products.weekday')}</span>
                <select
                  name={`hours.${i}.day`}
                  value={h.day}
                  aria-invalid={Boolean(err(`hours.${i}.day`))}
                  onChange={(e) => update({ hours: form.hours.map((x) => (x.key === h.key ? { ...x, day: e.target.value } : x)) })}
                >
                  {days.map((d) => (
                    <option key={d} value={String(d)}>
                      {weekdayName(d)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field field-narrow">
                <span>{t('products.open')}</span>
                <input
                  name={`hours.${i}.open`}
                  inputMode="numeric"
                  placeholder="HH:MM"
                  maxLength={5}
                  pattern="[0-2][0-9]:[0-5][0-9]"
                  value={h.open}
                  aria-invalid={Boolean(err(`hours.${i}.open`))}
                  onChange={(e) => update({ hours: form.hours.map((x) => (x.key === h.key ? { ...x, open: e.target.value } : x)) })}
                />
                <FieldError text={err(`hours.${i}.open`)} />
              </label>
              <label className="field field-narrow">
                <span>{t('products.close')}</span>
                <input
                  name={`hours.${i}.close`}
                  inputMode="numeric"
                  placeholder="HH:MM"
                  maxLength={5}
                  pattern="[0-2][0-9]:[0-5][0-9]"
                  value={h.close}
                  aria-invalid={Boolean(err(`hours.${i}.close`))}
                  onChange={(e) => update({ hours: form.hours.map((x) => (x.key === h.key ? { ...x, close: e.target.value } : x)) })}
                />
                <FieldError text={err(`hours.${i}.close`)} />
              </label>
              <div className="row-summary muted small">{overnight(h.open, h.close) ? t('products.overnight') : ''}</div>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                aria-label={t('products.removeInterval')}
                onClick={() => update({ hours: form.hours.filter((x) => x.key !== h.key) })}
              >
                {t('common.remove')}
              </button>
            </div>
          ))}
        </div>
      )}
      <div className="button-row">
        <button
          type="button"
          className="btn btn-small"
          disabled={form.hours.length >= 50}
          onClick={() => {
            const last = form.hours[form.hours.length - 1];
            const day = last ? String((Number(last.day) + 1) % 7) : '1';
            update({ hours: [...form.hours, { key: rowKey(), day, open: last?.open ?? '09:00', close: last?.close ?? '17:00' }] });
          }}
        >
          {t('products.addInterval')}
        </button>
        {form.hours.length ? (
          <button type="button" className="btn btn-small btn-ghost" onClick={() => update({ hours: [] })}>
            {t('products.makeAllDay')}
          </button>
        ) : null}
      </div>
    </section>
  );
}

function HolidaysSection({ form, update, err }: SectionProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft) || form.holidays.includes(draft)) return;
    update({ holidays: [...form.holidays, draft].sort() });
    setDraft('');
  };
  return (
    <section className="card">
      <h2>{t('products.sections.holidays')}</h2>
      <p className="muted small">{t('products.holidaysHint', { timezone: form.timezone })}</p>
      <FieldError text={err('holidays')} />
      {form.holidays.length === 0 ? (
        <p className="muted">{t('products.noHolidays')}</p>
      ) : (
        <ul className="chips">
          {form.holidays.map((d, i) => (
            <li key={d} className={`chip${err(`holidays.${i}`) ? ' chip-bad' : ''}`}>
              <time dateTime={d}>{d}</time>
              <button
                type="button"
                className="chip-remove"
                aria-label={t('products.removeHoliday', { date: d })}
                onClick={() => update({ holidays: form.holidays.filter((x) => x !== d) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <label className="field field-narrow">
          <span className="sr-only">{t('products.holidayDate')}</span>
          <input
            type="date"
            value={draft}
            aria-label={t('products.holidayDate')}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </label>
        <button type="button" className="btn btn-small" disabled={!draft || form.holidays.includes(draft)} onClick={add}>
          {t('products.addHoliday')}
        </button>
      </div>
    </section>
  );
}

function Toggle({ label, hint, checked, onChange, name }: { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void; name: string }) {
  return (
    <label className="toggle">
      <input type="checkbox" role="switch" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="toggle-track" aria-hidden="true" />
      <span className="toggle-text">
        <span>{label}</span>
        {hint ? <small className="muted">{hint}</small> : null}
      </span>
    </label>
  );
}

function FieldError({ text }: { text: string | null }) {
  return text ? <small className="field-error">{text}</small> : null;
}
