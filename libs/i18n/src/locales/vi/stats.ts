// The trade statistics page (/pages/statistics/statistics): loaded with that page, not with the app.
export default {
  title: "Thống kê giao dịch",
  period: {
    label: "Khoảng thời gian",
    d7: "7 ngày",
    d30: "30 ngày",
    d90: "90 ngày",
  },
  tiles: {
    winRate: "Tỷ lệ thắng",
    orders: "Lệnh đã tất toán",
    net: "Kết quả ròng",
    staked: "Tiền đặt",
    paidOut: "Tiền trả về",
  },
  record: "Thắng {{wins}} · Thua {{losses}} · Hòa {{ties}}",
  chart: {
    title: "Kết quả ròng theo ngày",
    summary: "Trong {{days}} ngày qua, có {{active}} ngày có lệnh đã tất toán; kết quả ròng {{net}}.",
    caption: "Kết quả ròng của những ngày có lệnh đã tất toán",
    date: "Ngày",
    orders: "Số lệnh",
    net: "Kết quả ròng",
  },
  products: {
    title: "Theo sản phẩm",
    facts: "Lệnh {{orders}} · Tỷ lệ thắng {{rate}}",
  },
  empty: {
    title: "Không có lệnh đã tất toán trong khoảng này",
    text: "Lệnh được tính ở đây sau khi đã tất toán.",
  },
  notes: {
    rules: "Chỉ tính các lệnh đã tất toán: lệnh đang mở và lệnh bị hủy không được tính. Tỷ lệ thắng không tính lệnh hòa (lệnh hòa được hoàn tiền đặt).",
    zone: "Ngày được tính theo múi giờ {{zone}}.",
    demo: "Tài khoản demo: tiền ảo.",
  },
};
