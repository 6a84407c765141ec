// The trade statistics page (/pages/statistics/statistics): loaded with that page, not with the app.
export default {
  title: "Trade statistics",
  period: {
    label: "Period",
    d7: "7 days",
    d30: "30 days",
    d90: "90 days",
  },
  tiles: {
    winRate: "Win rate",
    orders: "Settled orders",
    net: "Net result",
    staked: "Staked",
    paidOut: "Paid out",
  },
  record: "Wins {{wins}} · Losses {{losses}} · Ties {{ties}}",
  chart: {
    title: "Net result by day",
    summary: "Over the last {{days}} days, {{active}} had settled orders; net result {{net}}.",
    caption: "Net result on the days with settled orders",
    date: "Date",
    orders: "Orders",
    net: "Net result",
  },
  products: {
    title: "By product",
    facts: "Orders {{orders}} · Win rate {{rate}}",
  },
  empty: {
    title: "No settled orders in this period",
    text: "Orders are counted here once they have settled.",
  },
  notes: {
    rules: "Only settled orders count: open and voided orders are not included. The win rate leaves ties out (a tie refunds the stake).",
    zone: "Days are in the {{zone}} time zone.",
    demo: "Demo account: virtual money.",
  },
};
