import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PriceAlert } from '@candor/contracts';
import { Button, ErrorState, Field, FormAlert, Icon, Loading, useToast } from '../../components';
import { errorText } from '../../lib/errors';
import { formatPrice, formatTimestamp } from '../../lib/format';
import { ROUTES } from '../../lib/paths';
import type { LoginRedirectState } from '../../lib/session';
import { useCreatePriceAlert, usePriceAlerts, useRemovePriceAlert } from './hooks';
import { levelState } from './level';
import styles from './alerts.module.css';

export interface AlertProduct {
  symbol: string;
  name: string;
  precision: number;
  lastPrice: string | null | undefined;
}

/** The bell on a product's page (44 px): opens the sheet of that product's price alerts. */
export function AlertButton({ product }: { product: AlertProduct }) {
  const { t } = useTranslation('market');
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    bell.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={bell}
        type="button"
        className={`icon-btn ${styles.bell}`}
        aria-label={t('alerts.open', { name: product.name })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="alert-bell"
      >
        <Icon name="bell" size={22} />
      </button>
      {open ? <AlertSheet product={product} onClose={close} /> : null}
    </>
  );
}

/**
 * Set an alert at a level (it starts at the current price; the sheet says whether the alert waits for a rise or
 * a fall, by the side of the price the level lies on) and see this product's alerts, each with its delete.
 */
export function AlertSheet({ product, onClose }: { product: AlertProduct; onClose: () => void }) {
  const { t } = useTranslation('market');
  const titleId = useId();
  const inputId = useId();
  const { authed, query } = usePriceAlerts(true);
  const location = useLocation();
  const loginState: LoginRedirectState = { from: location.pathname + location.search };

  // The page re-renders on every tick: the sheet takes the focus once, when it opens, and keeps the latest onClose.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    document.getElementById(inputId)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [inputId]);

  const mine = (query.data?.items ?? []).filter((a) => a.symbol === product.symbol);
  const active = (query.data?.items ?? []).filter((a) => a.triggeredAt === null).length;

  return createPortal(
    <div className="sheet" onClick={onClose}>
      <div
        className={`sheet__panel ${styles.panel}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        data-testid="alert-sheet"
      >
        <div className="sheet__header">
          <h2 className="sheet__title" id={titleId}>
            {t('alerts.title')} · {product.name}
          </h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common:action.close')} data-testid="alert-sheet-close">
            <Icon name="close" size={22} />
          </button>
        </div>
        <p className={styles.intro}>{t('alerts.intro')}</p>
        {!authed ? (
          <div className={styles.login}>
            <Link to={ROUTES.login} state={loginState} className="btn btn--primary btn--block" data-testid="alert-login">
              <span className="btn__label">{t('alerts.login')}</span>
            </Link>
          </div>
        ) : (
          <>
            <AlertForm product={product} inputId={inputId} active={active} max={query.data?.maxActive ?? 20} />
            <h3 className={styles.listTitle}>{t('alerts.listTitle')}</h3>
            {query.isPending ? (
              <Loading />
            ) : query.isError ? (
              <ErrorState message={t('alerts.loadError')} onRetry={() => void query.refetch()} />
            ) : mine.length === 0 ? (
              <p className={styles.empty} data-testid="alert-empty">
                {t('alerts.empty')}
              </p>
            ) : (
              <ul className={styles.list} data-testid="alert-list">
                {mine.map((a) => (
                  <AlertRow key={a.id} alert={a} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}

/**
 * The level (it starts at the current price) and the side it lies on, checked as the server checks it; the
 * alert is sent with that side, so a price that moved past the level meanwhile is refused, not turned around.
 */
function AlertForm({ product, inputId, active, max }: { product: AlertProduct; inputId: string; active: number; max: number }) {
  const { t, i18n } = useTranslation('market');
  const create = useCreatePriceAlert();
  const toast = useToast();
  const [level, setLevel] = useState(product.lastPrice ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const state = levelState(level, product.lastPrice, product.precision);
  const hint =
    state.kind === 'ok' ? t(state.direction === 'above' ? 'alerts.sideAbove' : 'alerts.sideBelow') : state.kind === 'equal' ? t('alerts.sideEqual') : undefined;
  const fieldError = touched && (state.kind === 'invalid' || state.kind === 'empty') ? t('alerts.levelInvalid', { decimals: product.precision }) : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setServerError(null);
    if (state.kind === 'equal') return setServerError(t('alerts.sideEqual'));
    if (state.kind === 'unknown') return setServerError(t('alerts.noPrice'));
    if (state.kind !== 'ok') return;
    create.mutate(
      { symbol: product.symbol, level: state.level, direction: state.direction },
      {
        onSuccess: () => {
          toast.success(t('alerts.created'));
          setTouched(false);
        },
        onError: (err) => setServerError(errorText(err, t)),
      },
    );
  };

  return (
    <form className={`form ${styles.form}`} onSubmit={onSubmit} noValidate data-testid="alert-form">
      <p className={styles.current} data-testid="alert-current">
        {t('alerts.current', { price: formatPrice(product.lastPrice, i18n.language) })}
      </p>
      <FormAlert message={serverError} />
      <Field
        id={inputId}
        label={t('alerts.level')}
        name="level"
        inputMode="decimal"
        autoComplete="off"
        maxLength={40}
        value={level}
        onChange={(e) => {
          setLevel(e.target.value);
          setServerError(null);
        }}
        onBlur={() => setTouched(true)}
        hint={hint}
        error={fieldError}
        data-testid="alert-level"
        data-side={state.kind === 'ok' ? state.direction : state.kind}
      />
      <Button type="submit" block loading={create.isPending} disabled={active >= max} data-testid="alert-create">
        {t('alerts.create')}
      </Button>
      <p className={styles.count} data-testid="alert-count">
        {t('alerts.count', { n: active, max })}
      </p>
    </form>
  );
}

/** One alert: its side and level, waiting or when it fired, and its delete. */
function AlertRow({ alert }: { alert: PriceAlert }) {
  const { t, i18n } = useTranslation('market');
  const remove = useRemovePriceAlert();
  const toast = useToast();
  const level = formatPrice(alert.level, i18n.language);
  return (
    <li className={styles.row} data-testid="alert-item" data-direction={alert.direction} data-fired={alert.triggeredAt !== null}>
      <div className={styles.rowText}>
        <strong>{t(alert.direction === 'above' ? 'alerts.above' : 'alerts.below', { level })}</strong>
        <span className={styles.rowState}>
          {alert.triggeredAt
            ? t('alerts.fired', { price: formatPrice(alert.triggeredPrice, i18n.language), time: formatTimestamp(alert.triggeredAt, i18n.language) })
            : t('alerts.waiting')}
        </span>
      </div>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('alerts.remove', { level })}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(alert.id, {
            onSuccess: () => toast.success(t('alerts.removed')),
            onError: (err) => toast.show(errorText(err, t), 'error'),
          })
        }
        data-testid="alert-delete"
      >
        <Icon name="trash" size={20} />
      </button>
    </li>
  );
}
