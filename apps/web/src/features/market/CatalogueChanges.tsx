import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueChange, Product } from '@candor/contracts';
import { Button, EmptyState, ErrorState, Icon, SkeletonList } from '../../components';
import { errorText } from '../../lib/errors';
import { formatAnnouncedTime } from '../../lib/format';
import { changeSentence, describeChange, refusedReasonKey, type Translate } from './catalogueChanges';
import { useProductChanges, useRefreshAtChange } from './hooks';
import styles from './market.module.css';

/**
 * The product's announced catalogue changes, each in plain words with its time in the reader's time zone,
 * and what they mean for orders: open ones are not touched, new ones that would reach a change are refused.
 * Nothing when none is announced.
 */
export const ScheduledChangesNotice = memo(
  ScheduledChangesView,
  // A tick replaces the product object but keeps its list of changes: the notice is not written again for it.
  (a, b) => a.product.symbol === b.product.symbol && a.product.scheduledChanges === b.product.scheduledChanges,
);

function ScheduledChangesView({ product }: { product: Pick<Product, 'symbol' | 'scheduledChanges'> }) {
  const { t, i18n } = useTranslation('market');
  // A product from a server without the field (an older cached answer) has none announced.
  const changes = product.scheduledChanges ?? [];
  useRefreshAtChange(product.symbol, changes[0]?.effectiveAt);
  if (changes.length === 0) return null;
  const tr: Translate = (key, values) => t(key, values ?? {});
  return (
    <section className={styles.changeNotice} aria-labelledby="change-notice-title" data-testid="scheduled-changes">
      <Icon name="clock" size={22} />
      <div className={styles.changeNoticeBody}>
        <h2 id="change-notice-title" className={styles.changeNoticeTitle}>
          {t('changes.noticeTitle')}
        </h2>
        <ul className={styles.changeList}>
          {changes.map((c) => (
            <li key={c.id} data-testid="scheduled-change" data-field={c.field} data-effective-at={c.effectiveAt}>
              {changeSentence(c, tr, i18n.language)}
            </li>
          ))}
        </ul>
        <p>{t('changes.openOrders')}</p>
      </div>
    </section>
  );
}

/** When a change in the history happened or happens, by its status. */
function whenText(c: CatalogueChange, t: Translate, locale: string): { iso: string; text: string } {
  const at = (iso: string | null, key: string) => {
    const when = iso ?? c.effectiveAt;
    return { iso: when, text: t(key, { time: formatAnnouncedTime(when, locale) }) };
  };
  switch (c.status) {
    case 'pending':
      return at(c.effectiveAt, 'market:changes.takesEffect');
    case 'applied':
      return at(c.effectiveAt, 'market:changes.tookEffect');
    case 'cancelled':
      return at(c.decidedAt, 'market:changes.cancelledAt');
    case 'refused':
      return at(c.decidedAt, 'market:changes.refusedAt');
  }
}

function HistoryItem({ change: c }: { change: CatalogueChange }) {
  const { t, i18n } = useTranslation('market');
  const tr: Translate = (key, values) => t(key, values ?? {});
  const when = whenText(c, tr, i18n.language);
  return (
    <li className={styles.changeItem} data-testid="catalogue-change" data-status={c.status} data-field={c.field}>
      <div className={styles.changeItemHead}>
        <span className={`${styles.changeStatus} ${styles[`changeStatus_${c.status}`] ?? ''}`} data-testid="catalogue-change-status">
          {t(`changes.status.${c.status}`)}
        </span>
        <time className={styles.changeWhen} dateTime={when.iso}>
          {when.text}
        </time>
      </div>
      <p className={styles.changeWhat}>{describeChange(c, tr, i18n.language)}</p>
      {c.status === 'refused' ? (
        <p className={styles.changeRefused} data-testid="catalogue-change-refused">
          {t('changes.refused', { reason: t(refusedReasonKey(c.refusedReason)) })}
        </p>
      ) : null}
    </li>
  );
}

/**
 * A product's catalogue history (every change, newest first, with its status), folded away until the reader
 * opens it: only then is it asked for.
 */
export function CatalogueHistory({ symbol }: { symbol: string }) {
  const { t } = useTranslation('market');
  const [open, setOpen] = useState(false);
  const changes = useProductChanges(symbol, open);
  // Keyset pages never overlap, but a change decided between two pages may be sent again: each id once.
  const list = useMemo(() => {
    const seen = new Set<string>();
    return (changes.data?.pages ?? [])
      .flatMap((p) => p.items)
      .filter((c) => {
        if (seen.has(c.id)) return false;
        seen.add(c.id);
        return true;
      });
  }, [changes.data]);

  return (
    <section className={styles.historyCard} aria-labelledby="catalogue-history-title" data-testid="catalogue-history">
      <h2 className={styles.historyHead}>
        <button
          type="button"
          className={styles.historyToggle}
          aria-expanded={open}
          aria-controls="catalogue-history-body"
          onClick={() => setOpen((o) => !o)}
          data-testid="catalogue-history-toggle"
        >
          <span id="catalogue-history-title">{t('changes.history.title')}</span>
          <Icon name="chevron" size={16} className={open ? styles.chevronOpen : styles.chevron} />
        </button>
      </h2>
      {open ? (
        <div id="catalogue-history-body" className={styles.historyBody}>
          <p className={styles.sourceText}>{t('changes.history.note')}</p>
          {changes.isPending ? (
            <SkeletonList rows={2} card={false} />
          ) : changes.isError ? (
            <ErrorState message={errorText(changes.error, t)} onRetry={() => void changes.refetch()} />
          ) : list.length === 0 ? (
            <EmptyState icon="clock" title={t('changes.history.empty')} />
          ) : (
            <>
              <ul className={styles.changeItems} data-testid="catalogue-changes">
                {list.map((c) => (
                  <HistoryItem key={c.id} change={c} />
                ))}
              </ul>
              {changes.hasNextPage ? (
                <Button variant="secondary" size="sm" loading={changes.isFetchingNextPage} onClick={() => void changes.fetchNextPage()}>
                  {t('changes.history.more')}
                </Button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
