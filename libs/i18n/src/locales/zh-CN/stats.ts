// The trade statistics page (/pages/statistics/statistics): loaded with that page, not with the app.
export default {
  title: "交易统计",
  period: {
    label: "统计期间",
    d7: "7 天",
    d30: "30 天",
    d90: "90 天",
  },
  tiles: {
    winRate: "胜率",
    orders: "已结算订单",
    net: "净盈亏",
    staked: "投入金额",
    paidOut: "派彩金额",
  },
  record: "盈利 {{wins}} · 亏损 {{losses}} · 平局 {{ties}}",
  chart: {
    title: "每日净盈亏",
    summary: "近 {{days}} 天中有 {{active}} 天有已结算订单，合计净盈亏 {{net}}。",
    caption: "有已结算订单的日子的净盈亏",
    date: "日期",
    orders: "订单数",
    net: "净盈亏",
  },
  products: {
    title: "按商品",
    facts: "订单 {{orders}} · 胜率 {{rate}}",
  },
  empty: {
    title: "此期间没有已结算的订单",
    text: "订单结算后才会计入统计。",
  },
  notes: {
    rules: "只计入已结算的订单：未到期和已作废的订单不计入。胜率不计平局（平局退回本金）。",
    zone: "日期按时区 {{zone}} 计算。",
    demo: "模拟账户：虚拟资金。",
  },
};
