import { memo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FeedVenueState } from '@candor/contracts';
import { Icon } from '../../components';
import { ROUTES } from '../../lib/paths';
import { localizeDecimal } from '../../lib/format';
import { alignedDecimals, padDecimal } from './format';
import { useFeedStatus, type LiveProduct } from './hooks';
import { ageSeconds, droppedReasonKey, haltLabelKey, isSimulated, sameApartFromTicks, venueName } from '../../lib/priceState';
import { SimulatedBadge } from './SimulatedBadge';
import styles from './market.module.css';

/**
 * Where the product's price comes from, live: "median of N exchanges", each exchange's current mid and
 * whether the price uses it (or why not), the rule in one line and a link to the rule's page. A simulated
 * product says so instead. Rows come from the product's markets, so the card keeps its size while the
 * exchanges' state (GET /api/market/feed-status, every two seconds) arrives and changes.
 */
export const PriceSource = memo(
  PriceSourceView,
  (a, b) => sameApartFromTicks(a.product, b.product) && a.product.sourcesUsed === b.product.sourcesUsed && a.product.sourcesTotal === b.product.sourcesTotal,
);

function PriceSourceView({ product }: { product: LiveProduct }) {
  const { t, i18n } = useTranslation('market');
  const simulated = isSimulated(product);
  const feed = useFeedStatus(product.symbol, !simulated);
  const status = feed.data ?? null;
  const source = product.priceSource;
  const byVenue = new Map<string, FeedVenueState>((status?.venues ?? []).map((v) => [v.venue, v]));
  const midDigits = alignedDecimals(
    (status?.venues ?? []).map((v) => v.mid),
    product.precision,
  );
  const used = status?.used ?? product.sourcesUsed;
  const total = status?.total ?? product.sourcesTotal ?? source.venues.length;
  const halted = product.status === 'halted';

  return (
    <section className={styles.sourceCard} aria-labelledby="price-source-title" data-testid="price-source" data-kind={source.kind}>
      <div className={styles.sourceHead}>
        <h2 id="price-source-title" className={styles.sourceTitle}>
          {t('source.title')}
        </h2>
        {simulated ? null : (
          <span className={styles.sourceCount} data-testid="price-source-used">
            {used === undefined ? '' : t('price.used', { used, total })}
          </span>
        )}
      </div>

      {simulated ? (
        <>
          <SimulatedBadge />
          <p className={styles.sourceText}>{t('source.simulated')}</p>
        </>
      ) : (
        <>
          <p className={styles.sourceSummary} data-testid="price-source-summary">
            {t('price.median', { n: source.venues.length })}
          </p>
          <p className={halted ? styles.sourceHalt : styles.sourceHaltIdle} role="status" data-testid="price-source-halt">
            {halted ? t(haltLabelKey(product.haltReason)) : ''}
          </p>
          <ul className={styles.venues} aria-label={t('source.listLabel')}>
            {source.venues.map((v) => {
              const s = byVenue.get(v.venue);
              const age = ageSeconds(s?.lastMessageAgeMs);
              const state = !s ? '' : s.used ? t('source.used') : t('source.dropped', { reason: t(droppedReasonKey(s.reason)) });
              return (
                <li key={v.venue} className={styles.venue} data-testid={`venue-${v.venue}`} data-used={s ? String(s.used) : undefined} data-reason={s?.reason}>
                  <span className={styles.venueName}>
                    <strong>{venueName(v.venue)}</strong>
                    <span className={styles.sub}>{v.symbol}</span>
                  </span>
                  <span className={styles.venueMid} data-testid="venue-mid">
                    {padDecimal(s?.mid, midDigits, i18n.language)}
                  </span>
                  <span className={s?.used ? styles.venueUsed : styles.venueDropped} data-testid="venue-state">
                    {/* Always there, empty when the quote is not used, so the words never move sideways. */}
                    <span className={styles.venueMark}>{s?.used ? <Icon name="check" size={14} /> : null}</span>
                    {state}
                  </span>
                  <span className={styles.venueAge}>{age === null ? '' : t('source.age', { seconds: localizeDecimal(age, i18n.language) })}</span>
                </li>
              );
            })}
          </ul>
          {feed.isError ? (
            <p className={styles.sourceText} role="status">
              {t('source.unavailable')}
            </p>
          ) : null}
          <p className={styles.sourceText}>{t('source.rule', { quorum: source.quorum, bps: source.maxDeviationBps })}</p>
        </>
      )}
      <Link to={ROUTES.prices} className={styles.sourceLink} data-testid="price-rules-link">
        <span>{t('source.how')}</span>
        <Icon name="chevron" size={16} />
      </Link>
    </section>
  );
}
