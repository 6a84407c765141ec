export default {
  list: {
    name: '名稱',
    lastPrice: '最新價',
    change24h: '24H 漲跌',
    volume24h: '24H 量',
    empty: '暫無產品',
  },
  status: {
    open: '交易中',
    closed: '休市',
    maintenance: '維護中',
  },
  live: {
    on: '即時',
    off: '重新連線中',
  },
  home: {
    quickLinks: '快捷入口',
    quick: {
      deposit: '快捷充值',
      trade: '產品交易',
      positions: '我的持倉',
      withdrawalMethod: '提現方式',
      about: '關於我們',
      messages: '系統消息',
      service: '線上客服',
    },
    comingSoon: '線上客服即將開放',
    recommended: '推薦產品',
    allProducts: '全部產品',
    highlights: '平台亮點',
    highlight: {
      feed: {
        title: '價格只來自行情源',
        text: '所有價格都來自市場行情，沒有人能修改價格或任何訂單的結果。',
      },
      verify: {
        title: '每筆結算都可驗證',
        text: '每筆已結算訂單都列出開倉和平倉的報價及其區塊雜湊，可與公開報價記錄核對。',
      },
      ledger: {
        title: '每一分錢都記帳',
        text: '所有資金變動都是借貸平衡的分錄，您的資金記錄就是這本帳。',
      },
      demo: {
        title: '模擬帳戶練習',
        text: '虛擬資金，規則相同，記錄分開，可隨時重置。',
      },
    },
    privacy: '隱私政策',
    language: '語言',
    risk: '固定時間交易風險很高，您可能損失全部投入金額。請只用能承受損失的資金交易。',
  },
  products: {
    title: '產品',
    searchLabel: '按名稱搜尋產品',
    searchPlaceholder: '搜尋產品名稱',
    noMatch: '沒有符合「{{query}}」的產品',
  },
  chart: {
    label: 'K 線圖',
    interval: 'K 線週期',
    empty: '暫無 K 線資料',
    intervals: {
      '1m': '1分',
      '5m': '5分',
      '15m': '15分',
      '1h': '1小時',
      '1d': '日線',
    },
  },
  detail: {
    quote: '行情',
    high24h: '24H 最高',
    low24h: '24H 最低',
    volume24h: '24H 量',
    amount24h: '24H 額',
    notFound: '找不到此產品',
  },
  notice: {
    closed: '市場休市中',
    maintenance: '產品維護中',
    nextOpen: '下次開市時間：{{time}}',
    nextOpenUnknown: '開市時間待定',
  },
};
