import type { ProductCategory, ProductExpiry, ProductHoursInterval, ProductVenue } from '@candor/db';

/** A catalogue entry as seeded on first start. Operators change it in the console afterwards; the seed never overwrites. */
export interface SeedProduct {
  symbol: string;
  category: ProductCategory;
  names: Record<string, string>;
  precision: number;
  timezone: string;
  hours: ProductHoursInterval[] | null;
  holidays: string[];
  expiries: ProductExpiry[];
  minStakeCents: number;
  maxStakeCents: number;
  recommended: boolean;
  sort: number;
  /** Its markets on the public exchanges (crypto); forex and metals have no free public source: simulated, demo only. */
  venues: ProductVenue[];
}

const weekdays = (open: string, close: string): ProductHoursInterval[] => [0, 1, 2, 3, 4].map((day) => ({ day, open, close }));
/** Spot forex: Sunday 17:00 to Friday 17:00 New York time, around the clock in between. */
const FOREX_HOURS = weekdays('17:00', '17:00');
/** Spot metals: Sunday 18:00 to Friday 17:00 New York time, with the daily 17:00-18:00 break. */
const METAL_HOURS = weekdays('18:00', '17:00');
/** Days the forex and metal desks close (local New York dates). */
const DESK_HOLIDAYS = ['2026-12-25', '2027-01-01', '2027-12-24', '2027-12-31'];

const CRYPTO_EXPIRIES: ProductExpiry[] = [
  { seconds: 30, payoutRate: '0.85' },
  { seconds: 60, payoutRate: '0.85' },
  { seconds: 120, payoutRate: '0.82' },
  { seconds: 300, payoutRate: '0.8' },
];
const FX_EXPIRIES: ProductExpiry[] = [
  { seconds: 30, payoutRate: '0.8' },
  { seconds: 60, payoutRate: '0.82' },
  { seconds: 120, payoutRate: '0.82' },
  { seconds: 300, payoutRate: '0.8' },
];

/** BTCUSDT -> Binance BTCUSDT, OKX BTC-USDT, Coinbase BTC-USDT, Kraken BTC/USDT. */
export function usdtMarkets(symbol: string): ProductVenue[] {
  const base = symbol.replace(/USDT$/, '');
  return [
    { venue: 'binance', symbol: `${base}USDT` },
    { venue: 'okx', symbol: `${base}-USDT` },
    { venue: 'coinbase', symbol: `${base}-USDT` },
    { venue: 'kraken', symbol: `${base}/USDT` },
  ];
}

const crypto = (symbol: string, names: Record<string, string>, precision: number, sort: number, recommended: boolean): SeedProduct => ({
  symbol,
  venues: usdtMarkets(symbol),
  category: 'crypto',
  names,
  precision,
  timezone: 'UTC',
  hours: null,
  holidays: [],
  expiries: CRYPTO_EXPIRIES,
  minStakeCents: 100,
  maxStakeCents: 10_000_000,
  recommended,
  sort,
});
const forex = (symbol: string, names: Record<string, string>, precision: number, sort: number, recommended: boolean): SeedProduct => ({
  symbol,
  venues: [],
  category: 'forex',
  names,
  precision,
  timezone: 'America/New_York',
  hours: FOREX_HOURS,
  holidays: DESK_HOLIDAYS,
  expiries: FX_EXPIRIES,
  minStakeCents: 100,
  maxStakeCents: 10_000_000,
  recommended,
  sort,
});
const metal = (symbol: string, names: Record<string, string>, precision: number, sort: number, recommended: boolean): SeedProduct => ({
  symbol,
  venues: [],
  category: 'metal',
  names,
  precision,
  timezone: 'America/New_York',
  hours: METAL_HOURS,
  holidays: DESK_HOLIDAYS,
  expiries: FX_EXPIRIES,
  minStakeCents: 100,
  maxStakeCents: 10_000_000,
  recommended,
  sort,
});

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  crypto(
    'BTCUSDT',
    {
      'zh-TW': '比特幣',
      'zh-CN': '比特币',
      en: 'Bitcoin',
      ja: 'ビットコイン',
      ko: '비트코인',
      th: 'บิตคอยน์',
      id: 'Bitcoin',
      vi: 'Bitcoin',
      fr: 'Bitcoin',
      de: 'Bitcoin',
    },
    2,
    10,
    true,
  ),
  crypto(
    'ETHUSDT',
    {
      'zh-TW': '以太坊',
      'zh-CN': '以太坊',
      en: 'Ethereum',
      ja: 'イーサリアム',
      ko: '이더리움',
      th: 'อีเธอเรียม',
      id: 'Ethereum',
      vi: 'Ethereum',
      fr: 'Ethereum',
      de: 'Ethereum',
    },
    2,
    20,
    true,
  ),
  crypto(
    'SOLUSDT',
    {
      'zh-TW': 'Solana 幣',
      'zh-CN': 'Solana 币',
      en: 'Solana',
      ja: 'ソラナ',
      ko: '솔라나',
      th: 'โซลานา',
      id: 'Solana',
      vi: 'Solana',
      fr: 'Solana',
      de: 'Solana',
    },
    3,
    30,
    false,
  ),
  crypto(
    'XRPUSDT',
    { 'zh-TW': '瑞波幣', 'zh-CN': '瑞波币', en: 'XRP', ja: 'リップル', ko: '리플', th: 'ริปเปิล', id: 'XRP', vi: 'XRP', fr: 'XRP', de: 'XRP' },
    4,
    40,
    false,
  ),
  forex(
    'EURUSD',
    {
      'zh-TW': '歐元/美元',
      'zh-CN': '欧元/美元',
      en: 'Euro / US Dollar',
      ja: 'ユーロ/米ドル',
      ko: '유로/미국 달러',
      th: 'ยูโร/ดอลลาร์สหรัฐ',
      id: 'Euro / Dolar AS',
      vi: 'Euro / Đô la Mỹ',
      fr: 'Euro / Dollar américain',
      de: 'Euro / US-Dollar',
    },
    5,
    50,
    true,
  ),
  forex(
    'GBPUSD',
    {
      'zh-TW': '英鎊/美元',
      'zh-CN': '英镑/美元',
      en: 'British Pound / US Dollar',
      ja: '英ポンド/米ドル',
      ko: '영국 파운드/미국 달러',
      th: 'ปอนด์สเตอร์ลิง/ดอลลาร์สหรัฐ',
      id: 'Pound Inggris / Dolar AS',
      vi: 'Bảng Anh / Đô la Mỹ',
      fr: 'Livre sterling / Dollar américain',
      de: 'Britisches Pfund / US-Dollar',
    },
    5,
    60,
    false,
  ),
  forex(
    'USDJPY',
    {
      'zh-TW': '美元/日圓',
      'zh-CN': '美元/日元',
      en: 'US Dollar / Japanese Yen',
      ja: '米ドル/円',
      ko: '미국 달러/일본 엔',
      th: 'ดอลลาร์สหรัฐ/เยนญี่ปุ่น',
      id: 'Dolar AS / Yen Jepang',
      vi: 'Đô la Mỹ / Yên Nhật',
      fr: 'Dollar américain / Yen japonais',
      de: 'US-Dollar / Japanischer Yen',
    },
    3,
    70,
    false,
  ),
  forex(
    'AUDUSD',
    {
      'zh-TW': '澳元/美元',
      'zh-CN': '澳元/美元',
      en: 'Australian Dollar / US Dollar',
      ja: '豪ドル/米ドル',
      ko: '호주 달러/미국 달러',
      th: 'ดอลลาร์ออสเตรเลีย/ดอลลาร์สหรัฐ',
      id: 'Dolar Australia / Dolar AS',
      vi: 'Đô la Úc / Đô la Mỹ',
      fr: 'Dollar australien / Dollar américain',
      de: 'Australischer Dollar / US-Dollar',
    },
    5,
    80,
    false,
  ),
  metal('XAUUSD', { 'zh-TW': '黃金', 'zh-CN': '黄金', en: 'Gold', ja: '金', ko: '금', th: 'ทองคำ', id: 'Emas', vi: 'Vàng', fr: 'Or', de: 'Gold' }, 2, 90, true),
  metal(
    'XAGUSD',
    { 'zh-TW': '白銀', 'zh-CN': '白银', en: 'Silver', ja: '銀', ko: '은', th: 'เงิน', id: 'Perak', vi: 'Bạc', fr: 'Argent', de: 'Silber' },
    3,
    100,
    false,
  ),
];
