import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  TickMarkType,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, CandleInterval } from '@candor/contracts';
import { candleSeconds } from './candles';
import { CHART_COLORS } from './chartColors';
import styles from './market.module.css';

/**
 * The candlestick chart. This module (and lightweight-charts with it) is its own chunk,
 * loaded only by the product detail page.
 */
export interface CandleChartProps {
  candles: readonly Candle[];
  precision: number;
  interval: CandleInterval;
  locale: string;
  height?: number;
}

function toBar(c: Candle): CandlestickData<Time> {
  return { time: candleSeconds(c.t) as UTCTimestamp, open: Number(c.o), high: Number(c.h), low: Number(c.l), close: Number(c.c) };
}

function toDate(time: Time): Date {
  if (typeof time === 'number') return new Date(time * 1000);
  if (typeof time === 'string') return new Date(time);
  return new Date(Date.UTC(time.year, time.month - 1, time.day));
}

/** What the series holds: the first bar's time and the bar count, to tell a live update from a new history. */
interface Shown {
  first: number;
  length: number;
  interval: CandleInterval;
}

/** The chart's parts, once created. */
interface Parts {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  shown: Shown | null;
}

/** Brings the series to `candles`: the last bar updated for a live change, the whole history set otherwise. */
function show(parts: Parts | null, candles: readonly Candle[], interval: CandleInterval): void {
  if (!parts) return;
  const last = candles[candles.length - 1];
  const first = candles[0];
  if (!last || !first) {
    parts.series.setData([]);
    parts.shown = null;
    return;
  }
  const prev = parts.shown;
  const firstT = candleSeconds(first.t);
  const live = prev !== null && prev.interval === interval && prev.first === firstT && (candles.length === prev.length || candles.length === prev.length + 1);
  if (live) {
    parts.series.update(toBar(last));
  } else {
    parts.series.setData(candles.map(toBar));
    if (prev === null || prev.interval !== interval) parts.chart.timeScale().scrollToRealTime();
  }
  parts.shown = { first: firstT, length: candles.length, interval };
}

export default function CandleChart({ candles, precision, interval, locale, height = 260 }: CandleChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const parts = useRef<Parts | null>(null);
  /** The props the chart, created after the paint, starts from. */
  const latest = useRef({ candles, interval });
  latest.current = { candles, interval };

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false });
    const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
    const full = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    // Sized by hand rather than `autoSize`: its observer's first callback resized and drew the whole chart a
    // second time right after the first drawing; later width changes (rotation) resize it here.
    let width = el.clientWidth;
    const c = createChart(el, {
      width,
      height,
      layout: {
        background: { type: ColorType.Solid, color: CHART_COLORS.background },
        textColor: CHART_COLORS.text,
        fontSize: 11,
        attributionLogo: true,
      },
      grid: { vertLines: { color: CHART_COLORS.grid }, horzLines: { color: CHART_COLORS.grid } },
      rightPriceScale: { borderVisible: false },
      timeScale: {
        borderVisible: false,
        timeVisible: true,
        secondsVisible: false,
        // Local wall-clock time in the reader's language (the wire is UTC).
        tickMarkFormatter: (t: Time, type: TickMarkType) => {
          const d = toDate(t);
          return type === TickMarkType.Time || type === TickMarkType.TimeWithSeconds ? time.format(d) : day.format(d);
        },
      },
      localization: { locale, timeFormatter: (t: Time) => full.format(toDate(t)) },
      crosshair: { mode: 0 },
      handleScale: { axisPressedMouseMove: false },
    });
    const s = c.addSeries(CandlestickSeries, {
      upColor: CHART_COLORS.up,
      downColor: CHART_COLORS.down,
      wickUpColor: CHART_COLORS.up,
      wickDownColor: CHART_COLORS.down,
      borderVisible: false,
      priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision },
    });
    parts.current = { chart: c, series: s, shown: null };
    show(parts.current, latest.current.candles, latest.current.interval);
    const resized = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      c.resize(width, height);
    });
    resized.observe(el);
    return () => {
      resized.disconnect();
      c.remove();
      parts.current = null;
    };
  }, [precision, locale, height]);

  // Live updates are handed to the chart before the frame that shows the rest of the page's tick (a layout
  // effect): from an effect, which Preact runs after the paint, the chart drew in a second frame of its own.
  useLayoutEffect(() => show(parts.current, candles, interval), [candles, interval]);

  return <div ref={box} className={styles.candleChart} style={{ width: '100%', height }} data-testid="candle-chart" />;
}
