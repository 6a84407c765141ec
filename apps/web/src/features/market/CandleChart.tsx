import { useEffect, useRef } from 'react';
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

export default function CandleChart({ candles, precision, interval, locale, height = 260 }: CandleChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  /** What the series holds: the first bar's time and the bar count, to tell a live update from a new history. */
  const shown = useRef<{ first: number; length: number; interval: CandleInterval } | null>(null);

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
    chart.current = c;
    series.current = s;
    shown.current = null;
    const resized = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      c.resize(width, height);
    });
    resized.observe(el);
    return () => {
      resized.disconnect();
      c.remove();
      chart.current = null;
      series.current = null;
      shown.current = null;
    };
  }, [precision, locale, height]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const last = candles[candles.length - 1];
    const first = candles[0];
    if (!last || !first) {
      s.setData([]);
      shown.current = null;
      return;
    }
    const prev = shown.current;
    const firstT = candleSeconds(first.t);
    const live = prev !== null && prev.interval === interval && prev.first === firstT && (candles.length === prev.length || candles.length === prev.length + 1);
    if (live) {
      s.update(toBar(last));
    } else {
      s.setData(candles.map(toBar));
      if (prev === null || prev.interval !== interval) chart.current?.timeScale().scrollToRealTime();
    }
    shown.current = { first: firstT, length: candles.length, interval };
  }, [candles, interval]);

  return <div ref={box} className={styles.candleChart} style={{ width: '100%', height }} data-testid="candle-chart" />;
}
