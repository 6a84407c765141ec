import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedStatus } from '@candor/contracts';
import { useFeedStatus } from '../../../lib/api/queries';
import { venueExample } from '../productForm';
import { addVenueRow, patchRow, unusedVenues, venueLive, type VenueRow } from '../productRows';
import { venueName } from '../../../lib/venues';
import { FieldError, ScheduledNote, type SectionProps } from './FormControls';

/**
 * The product's markets on the public exchanges, one row per exchange: its price is the median of their
 * quotes. No rows: simulated prices, which only the demo account can trade.
 */
export function PriceSourcesSection({ form, update, err, schedule, symbol }: SectionProps & { symbol: string }) {
  const { t } = useTranslation();
  const feedQuery = useFeedStatus();
  const feed = feedQuery.data?.find((f) => f.symbol === symbol);
  const rows = form.priceVenues;
  const unused = unusedVenues(rows);
  const [picked, setPicked] = useState('');
  // The exchange "add" adds: the one picked, while it is still unused, else the first unused one.
  const toAdd = unused.find((v) => v === picked) ?? unused[0];
  return (
    <section className={`card ${rows.length === 0 ? 'card-warn' : ''}`} data-testid="price-sources">
      <h2>{t('products.sections.priceVenues')}</h2>
      <ScheduledNote schedule={schedule} fields={['priceVenues']} />
      <p className="muted small">{t('products.priceVenuesHint')}</p>
      <FeedSummary feed={feed} loaded={feedQuery.isSuccess} />
      <FieldError text={err('priceVenues')} />
      {rows.length === 0 ? (
        <p className="notice notice-warn" data-testid="price-venues-simulated">
          {t('products.simulatedExplain')}
        </p>
      ) : (
        <div className="rows">
          {rows.map((v, i) => (
            <div className="row" key={v.key} data-testid="venue-row" data-venue={v.venue}>
              <div className="field field-narrow">
                <span>{t('products.venue')}</span>
                <strong className="venue-name">{venueName(v.venue)}</strong>
                <FieldError text={err(`priceVenues.${i}.venue`)} />
              </div>
              <label className="field">
                <span>{t('products.venueSymbol')}</span>
                <input
                  name={`priceVenues.${i}.symbol`}
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={30}
                  placeholder={venueExample(v.venue)}
                  value={v.symbol}
                  aria-invalid={Boolean(err(`priceVenues.${i}.symbol`))}
                  onChange={(e) => update({ priceVenues: patchRow(rows, v.key, { symbol: e.target.value }) })}
                />
                <FieldError text={err(`priceVenues.${i}.symbol`)} />
              </label>
              <div className="row-summary muted small">
                {t('products.venueExample', { example: venueExample(v.venue) })}
                <br />
                <LiveState feed={feed} row={v} />
              </div>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                aria-label={t('products.removeVenue', { venue: venueName(v.venue) })}
                onClick={() => update({ priceVenues: rows.filter((x) => x.key !== v.key) })}
              >
                {t('common.remove')}
              </button>
            </div>
          ))}
        </div>
      )}
      {toAdd ? (
        <div className="button-row add-venue">
          <label className="field field-narrow">
            <span>{t('products.venue')}</span>
            <select name="addVenue" value={toAdd} onChange={(e) => setPicked(e.target.value)} data-testid="add-venue-select">
              {unused.map((v) => (
                <option key={v} value={v}>
                  {venueName(v)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-small" data-testid="add-venue" onClick={() => update({ priceVenues: addVenueRow(rows, toAdd) })}>
            {t('products.addVenue')}
          </button>
        </div>
      ) : (
        <p className="muted small">{t('products.allVenuesListed')}</p>
      )}
    </section>
  );
}

/** The product's price right now, as the feed reports it. */
function FeedSummary({ feed, loaded }: { feed: FeedStatus | undefined; loaded: boolean }) {
  const { t } = useTranslation();
  if (!loaded) return null;
  const text = !feed
    ? t('products.feed.unknown')
    : feed.kind !== 'venues'
      ? t('products.feed.simulated')
      : feed.status === 'halted'
        ? t('products.feed.halted', { reason: t(`products.feed.haltReasons.${feed.haltReason ?? 'quorum'}`) })
        : feed.status === 'open' && feed.total !== undefined
          ? t('products.feed.open', { used: feed.used ?? 0, total: feed.total })
          : t('products.feed.unknown');
  return (
    <p className={`small ${feed?.status === 'halted' ? 'text-bad' : 'muted'}`} data-testid="feed-summary" data-status={feed?.status ?? 'none'}>
      {text}
    </p>
  );
}

const REASONS = ['stale', 'deviation', 'currency', 'invalid', 'disabled'] as const;

/** One exchange's state in the feed: used or dropped (why), its last mid; or that it shows once saved. */
function LiveState({ feed, row }: { feed: FeedStatus | undefined; row: VenueRow }) {
  const { t } = useTranslation();
  const live = venueLive(feed, row);
  if (live.state === 'unknown') return null;
  if (live.state === 'unsaved') return <span data-testid="venue-live">{t('products.feed.unsaved')}</span>;
  const v = live.venue;
  const mid = v.mid === null ? t('products.feed.noQuote') : t('products.feed.mid', { mid: v.mid });
  const state = v.used
    ? t('products.feed.used')
    : !v.connected
      ? t('products.feed.offline')
      : t('products.feed.dropped', { reason: t(`products.feed.reasons.${REASONS.find((r) => r === v.reason) ?? 'stale'}`) });
  return (
    <span data-testid="venue-live" data-used={v.used} className={v.used ? 'text-ok' : undefined}>
      {state} · {mid}
    </span>
  );
}
