// The trade statistics page (/pages/statistics/statistics): loaded with that page, not with the app.
export default {
  title: "거래 통계",
  period: {
    label: "기간",
    d7: "7일",
    d30: "30일",
    d90: "90일",
  },
  tiles: {
    winRate: "승률",
    orders: "정산된 주문",
    net: "순손익",
    staked: "투자 금액",
    paidOut: "지급 금액",
  },
  record: "수익 {{wins}} · 손실 {{losses}} · 무승부 {{ties}}",
  chart: {
    title: "일별 순손익",
    summary: "최근 {{days}}일 중 정산된 주문이 있는 날은 {{active}}일, 순손익은 {{net}}입니다.",
    caption: "정산된 주문이 있는 날의 순손익",
    date: "날짜",
    orders: "주문 수",
    net: "순손익",
  },
  products: {
    title: "상품별",
    facts: "주문 {{orders}} · 승률 {{rate}}",
  },
  empty: {
    title: "이 기간에 정산된 주문이 없습니다",
    text: "주문은 정산된 후에 통계에 포함됩니다.",
  },
  notes: {
    rules: "정산된 주문만 집계합니다. 진행 중이거나 무효 처리된 주문은 포함하지 않습니다. 승률에서 무승부(투자 금액 환불)는 제외합니다.",
    zone: "날짜는 {{zone}} 시간대 기준입니다.",
    demo: "모의 계좌: 가상 자금입니다.",
  },
};
