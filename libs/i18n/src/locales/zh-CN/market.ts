export default {
  list: {
    name: '名称',
    lastPrice: '最新价',
    change24h: '24H 涨跌',
    volume24h: '24H 量',
    empty: '暂无产品',
  },
  status: {
    open: '交易中',
    closed: '休市',
    maintenance: '维护中',
  },
  live: {
    on: '实时',
    off: '重新连接中',
  },
  home: {
    quickLinks: '快捷入口',
    quick: {
      deposit: '快捷充值',
      trade: '产品交易',
      positions: '我的持仓',
      withdrawalMethod: '提现方式',
      about: '关于我们',
      messages: '系统消息',
      service: '在线客服',
    },
    comingSoon: '在线客服即将开放',
    recommended: '推荐产品',
    allProducts: '全部产品',
    highlights: '平台亮点',
    highlight: {
      feed: {
        title: '价格只来自行情源',
        text: '所有价格都来自市场行情，没有人能修改价格或任何订单的结果。',
      },
      verify: {
        title: '每笔结算都可验证',
        text: '每笔已结算订单都列出开仓和平仓的报价及其区块哈希，可与公开报价记录核对。',
      },
      ledger: {
        title: '每一分钱都记账',
        text: '所有资金变动都是借贷平衡的分录，您的资金记录就是这本账。',
      },
      demo: {
        title: '模拟账户练习',
        text: '虚拟资金，规则相同，记录分开，可随时重置。',
      },
    },
    privacy: '隐私政策',
    language: '语言',
    risk: '固定时间交易风险很高，您可能损失全部投入金额。请只用能承受损失的资金交易。',
  },
  products: {
    title: '产品',
    searchLabel: '按名称搜索产品',
    searchPlaceholder: '搜索产品名称',
    noMatch: '没有符合“{{query}}”的产品',
  },
  chart: {
    label: 'K 线图',
    interval: 'K 线周期',
    empty: '暂无 K 线数据',
    intervals: {
      '1m': '1分',
      '5m': '5分',
      '15m': '15分',
      '1h': '1小时',
      '1d': '日线',
    },
  },
  detail: {
    quote: '行情',
    high24h: '24H 最高',
    low24h: '24H 最低',
    volume24h: '24H 量',
    amount24h: '24H 额',
    notFound: '找不到此产品',
  },
  notice: {
    closed: '市场休市中',
    maintenance: '产品维护中',
    nextOpen: '下次开市时间：{{time}}',
    nextOpenUnknown: '开市时间待定',
  },
};
