export default {
  list: {
    name: 'Name',
    lastPrice: 'Last price',
    change24h: '24h change',
    volume24h: '24h vol',
    empty: 'No products yet',
  },
  status: {
    open: 'Open',
    closed: 'Closed',
    maintenance: 'Maintenance',
  },
  live: {
    on: 'Live',
    off: 'Reconnecting',
  },
  home: {
    quickLinks: 'Quick links',
    quick: {
      deposit: 'Quick deposit',
      trade: 'Trade',
      positions: 'My positions',
      withdrawalMethod: 'Withdrawal method',
      about: 'About us',
      messages: 'Messages',
      service: 'Online service',
    },
    comingSoon: 'Online service is coming soon',
    recommended: 'Recommended',
    allProducts: 'All products',
    highlights: 'Why Candor',
    highlight: {
      feed: {
        title: 'Prices only from the feed',
        text: 'Every price comes from the market feed. Nobody can change a price or the result of any order.',
      },
      verify: {
        title: 'Every settlement is verifiable',
        text: 'Each settled order names its entry and exit ticks with their block hashes, to check against the public tick record.',
      },
      ledger: {
        title: 'Every cent on the ledger',
        text: 'Every movement of money is a balanced journal entry; your capital records are that ledger.',
      },
      demo: {
        title: 'Practise on demo',
        text: 'Virtual money, the same rules, separate records, resettable at any time.',
      },
    },
    privacy: 'Privacy policy',
    language: 'Language',
    risk: 'Fixed-time trading is high risk: you can lose the whole amount you stake. Only trade with money you can afford to lose.',
  },
  products: {
    title: 'Products',
    searchLabel: 'Search products by name',
    searchPlaceholder: 'Search by name',
    noMatch: 'No product matches “{{query}}”',
  },
  chart: {
    label: 'Candlestick chart',
    interval: 'Candle interval',
    empty: 'No candles yet',
    intervals: {
      '1m': '1m',
      '5m': '5m',
      '15m': '15m',
      '1h': '1h',
      '1d': '1D',
    },
  },
  detail: {
    quote: 'Quote',
    high24h: '24h high',
    low24h: '24h low',
    volume24h: '24h volume',
    amount24h: '24h turnover',
    notFound: 'Product not found',
  },
  notice: {
    closed: 'The market is closed',
    maintenance: 'This product is under maintenance',
    nextOpen: 'Next opening: {{time}}',
    nextOpenUnknown: 'Opening time to be announced',
  },
};
