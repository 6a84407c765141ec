// The trade statistics page (/pages/statistics/statistics): loaded with that page, not with the app.
export default {
  title: "取引統計",
  period: {
    label: "期間",
    d7: "7日",
    d30: "30日",
    d90: "90日",
  },
  tiles: {
    winRate: "勝率",
    orders: "決済済みの注文",
    net: "純損益",
    staked: "投資額",
    paidOut: "払戻額",
  },
  record: "勝ち {{wins}} · 負け {{losses}} · 引き分け {{ties}}",
  chart: {
    title: "日別の純損益",
    summary: "過去 {{days}} 日のうち決済済みの注文があったのは {{active}} 日、純損益は {{net}} です。",
    caption: "決済済みの注文があった日の純損益",
    date: "日付",
    orders: "注文数",
    net: "純損益",
  },
  products: {
    title: "商品別",
    facts: "注文 {{orders}} · 勝率 {{rate}}",
  },
  empty: {
    title: "この期間に決済済みの注文はありません",
    text: "注文は決済されるとここに集計されます。",
  },
  notes: {
    rules: "決済済みの注文のみを集計します。未決済と無効になった注文は含みません。勝率に引き分け（投資額は返金）は含みません。",
    zone: "日付は {{zone}} のタイムゾーンで区切っています。",
    demo: "デモ口座：仮想資金です。",
  },
};
