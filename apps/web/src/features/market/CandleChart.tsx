import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  TickMarkType,
  type CandlestickData,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, CandleInterval } from '@candor/contracts';
import { candleSeconds } from './candles';
import { numberFormat } from '../../lib/format';
import { chartTimeLabels } from './chartTime';
import { candleColours, CHART_COLORS, trendColor } from './chartColors';
import { orderLineTitle, type ChartOrder } from './chartOrders';
import { useRiseColour, type RiseColour } from '../../lib/riseColour';
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
  /** The user's open orders on this product: each drawn as a line at its open price, with its countdown. */
  orders?: readonly ChartOrder[];
}

function toBar(c: Candle): CandlestickData<Time> {
  return { time: candleSeconds(c.t) as UTCTimestamp, open: Number(c.o), high: Number(c.h), low: Number(c.l), close: Number(c.c) };
}

function seriesColours(rise: RiseColour) {
  const { up, down } = candleColours(rise);
  return { upColor: up, downColor: down, wickUpColor: up, wickDownColor: down };
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
  /** The price line of each open order drawn, by order id. */
  lines: Map<string, IPriceLine>;
}

/** How often the countdowns on the order lines are redrawn. */
const LINE_TICK_MS = 500;

/** Brings the order lines to `orders`: new ones drawn in their direction's colour, gone ones removed, titles current. */
function syncOrderLines(parts: Parts | null, orders: readonly ChartOrder[]): void {
  if (!parts) return;
  const wanted = new Set(orders.map((o) => o.id));
  for (const [id, line] of parts.lines) {
    if (!wanted.has(id)) {
      parts.series.removePriceLine(line);
      parts.lines.delete(id);
    }
  }
  for (const o of orders) {
    const title = orderLineTitle(o);
    const line = parts.lines.get(o.id);
    if (line) {
      if (line.options().title !== title) line.applyOptions({ title });
      continue;
    }
    const price = Number(o.openPrice);
    if (!Number.isFinite(price)) continue;
    parts.lines.set(
      o.id,
      parts.series.createPriceLine({
        id: o.id,
        price,
        color: trendColor(o.direction),
        lineWidth: 2,
        lineStyle: 2, // dashed
        axisLabelVisible: true,
        title,
      }),
    );
  }
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

const NO_ORDERS: readonly ChartOrder[] = [];

export default function CandleChart({ candles, precision, interval, locale, height = 260, orders = NO_ORDERS }: CandleChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const parts = useRef<Parts | null>(null);
  /** The props the chart, created after the paint, starts from. */
  const rise = useRiseColour();
  const latest = useRef({ candles, interval, rise, orders });
  latest.current = { candles, interval, rise, orders };

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const labels = chartTimeLabels(locale);
    const axisPrice = numberFormat(locale, { minimumFractionDigits: precision, maximumFractionDigits: precision });
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
        // Room right of the newest candle: its time label, centred on it, was cut by the price scale ("15:(").
        rightOffset: 4,
        timeVisible: true,
        secondsVisible: false,
        // Local wall-clock time in the reader's language (the wire is UTC).
        tickMarkFormatter: (t: Time, type: TickMarkType) => labels.tick(t, type === TickMarkType.Time || type === TickMarkType.TimeWithSeconds),
      },
      // The price scale grouped like every price of the app, to the product's decimals.
      localization: { locale, timeFormatter: labels.crosshair, priceFormatter: (p: number) => axisPrice.format(p) },
      crosshair: { mode: 0 },
      handleScale: { axisPressedMouseMove: false },
    });
    const s = c.addSeries(CandlestickSeries, {
      ...seriesColours(latest.current.rise),
      borderVisible: false,
      priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision },
    });
    parts.current = { chart: c, series: s, shown: null, lines: new Map() };
    show(parts.current, latest.current.candles, latest.current.interval);
    syncOrderLines(parts.current, latest.current.orders);
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
  // The reader's rise colour, changed in the settings while the chart is up.
  useEffect(() => parts.current?.series.applyOptions(seriesColours(rise)), [rise]);

  // The order lines follow the open orders, and their countdowns the clock (only while there are some).
  useEffect(() => {
    syncOrderLines(parts.current, orders);
    if (orders.length === 0) return;
    const id = setInterval(() => syncOrderLines(parts.current, latest.current.orders), LINE_TICK_MS);
    return () => clearInterval(id);
  }, [orders]);

  return (
    <div
      ref={box}
      className={styles.candleChart}
      style={{ width: '100%', height }}
      data-testid="candle-chart"
      data-up-colour={candleColours(rise).up}
      data-order-lines={orders.map((o) => o.id).join(' ')}
    />
  );
}
