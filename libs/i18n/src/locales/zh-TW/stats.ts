// The trade statistics page (/pages/statistics/statistics): loaded with that page, not with the app.
export default {
  title: "交易統計",
  period: {
    label: "統計期間",
    d7: "7 天",
    d30: "30 天",
    d90: "90 天",
  },
  tiles: {
    winRate: "勝率",
    orders: "已結算訂單",
    net: "淨盈虧",
    staked: "投入金額",
    paidOut: "派彩金額",
  },
  record: "盈利 {{wins}} · 虧損 {{losses}} · 平局 {{ties}}",
  chart: {
    title: "每日淨盈虧",
    summary: "近 {{days}} 天中有 {{active}} 天有已結算訂單，合計淨盈虧 {{net}}。",
    caption: "有已結算訂單的日子的淨盈虧",
    date: "日期",
    orders: "訂單數",
    net: "淨盈虧",
  },
  products: {
    title: "依商品",
    facts: "訂單 {{orders}} · 勝率 {{rate}}",
  },
  empty: {
    title: "此期間沒有已結算的訂單",
    text: "訂單結算後才會計入統計。",
  },
  notes: {
    rules: "只計入已結算的訂單：未到期與已作廢的訂單不計入。勝率不計平局（平局退回本金）。",
    zone: "日期依時區 {{zone}} 計算。",
    demo: "模擬帳戶：虛擬資金。",
  },
};
