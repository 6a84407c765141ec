import { useTranslation } from 'react-i18next';
import { usedMedian } from '@candor/domain';
import type { TickRef, TickSource } from '@candor/contracts';
import { venueName } from '../../lib/priceState';
import styles from './trading.module.css';

const REASONS = ['stale', 'deviation', 'currency', 'invalid'] as const;

/** An ISO time as its UTC clock with milliseconds ("08:00:59.880 UTC"): the precision the quotes are compared at. */
function clock(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(11, 23)} UTC`;
}

function SourceRow({ source, testId }: { source: TickSource; testId: string }) {
  const { t } = useTranslation('trade');
  const reason = REASONS.find((r) => r === source.reason);
  return (
    <li className={`${styles.source} ${source.used ? '' : styles.sourceDropped}`} data-testid={testId} data-venue={source.venue} data-used={source.used}>
      <div className={styles.sourceHead}>
        <strong>{venueName(source.venue)}</strong>
        <span className={`${styles.tag} ${source.used ? styles.tagOk : styles.tagFlat}`}>
          {source.used ? t('receipt:sources.used') : t('receipt:sources.dropped', { reason: t(`receipt:sources.reasons.${reason ?? 'invalid'}`) })}
        </span>
      </div>
      <dl className={styles.orderGrid}>
        <div>
          <dt>{t('receipt:sources.bid')}</dt>
          <dd>{source.bid}</dd>
        </div>
        <div>
          <dt>{t('receipt:sources.ask')}</dt>
          <dd>{source.ask}</dd>
        </div>
        <div>
          <dt>{t('receipt:sources.mid')}</dt>
          <dd>{source.mid || '--'}</dd>
        </div>
        <div>
          <dt>{t('receipt:sources.venueId')}</dt>
          <dd>{source.venueId ?? t('receipt:sources.notSent')}</dd>
        </div>
        <div>
          <dt>{t('receipt:sources.venueTs')}</dt>
          <dd title={source.venueTs ?? undefined}>{clock(source.venueTs) ?? t('receipt:sources.notSent')}</dd>
        </div>
        <div>
          <dt>{t('receipt:sources.receivedAt')}</dt>
          <dd title={source.receivedAt}>{clock(source.receivedAt)}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * Every exchange quote a receipt tick's price was made from (used or dropped, and why), the rule with its
 * parameters, and the median the price was rounded from; for a price without quotes, that it was simulated.
 */
export function ReceiptSources({ tick, testId }: { tick: TickRef; testId: string }) {
  const { t } = useTranslation('trade');
  if (!tick.sources || !tick.rule) {
    return (
      <p className={styles.hint} data-testid={`${testId}-simulated`}>
        {t('receipt:sources.none')}
      </p>
    );
  }
  const { rule, sources } = tick;
  const used = sources.filter((s) => s.used).length;
  const median = usedMedian(sources);
  return (
    <div className={styles.sources} data-testid={`${testId}-sources`}>
      <h3 className={styles.sourcesTitle}>{t('receipt:sources.title')}</h3>
      <p className={styles.hint}>
        {t('receipt:sources.rule', {
          used,
          total: sources.length,
          name: rule.name,
          version: rule.version,
          quorum: rule.quorum,
          bps: rule.maxDeviationBps,
          percent: rule.maxDeviationBps / 100,
        })}
      </p>
      {median !== null ? (
        <p className={styles.hint} data-testid={`${testId}-median`}>
          {t('receipt:sources.median', { median, price: tick.price })}
        </p>
      ) : null}
      <ul className={styles.sourceList}>
        {sources.map((s, i) => (
          <SourceRow key={`${s.venue}-${i}`} source={s} testId={`${testId}-source`} />
        ))}
      </ul>
    </div>
  );
}
