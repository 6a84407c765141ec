// The trade statistics page (/pages/statistics/statistics): loaded with that page, not with the app.
export default {
  title: "สถิติการซื้อขาย",
  period: {
    label: "ช่วงเวลา",
    d7: "7 วัน",
    d30: "30 วัน",
    d90: "90 วัน",
  },
  tiles: {
    winRate: "อัตราชนะ",
    orders: "คำสั่งที่ชำระแล้ว",
    net: "ผลสุทธิ",
    staked: "เงินลงทุน",
    paidOut: "เงินที่จ่ายคืน",
  },
  record: "ชนะ {{wins}} · แพ้ {{losses}} · เสมอ {{ties}}",
  chart: {
    title: "ผลสุทธิรายวัน",
    summary: "ใน {{days}} วันที่ผ่านมา มีคำสั่งที่ชำระแล้ว {{active}} วัน ผลสุทธิ {{net}}",
    caption: "ผลสุทธิของวันที่มีคำสั่งที่ชำระแล้ว",
    date: "วันที่",
    orders: "จำนวนคำสั่ง",
    net: "ผลสุทธิ",
  },
  products: {
    title: "ตามสินค้า",
    facts: "คำสั่ง {{orders}} · อัตราชนะ {{rate}}",
  },
  empty: {
    title: "ไม่มีคำสั่งที่ชำระแล้วในช่วงนี้",
    text: "คำสั่งจะถูกนับที่นี่เมื่อชำระแล้ว",
  },
  notes: {
    rules: "นับเฉพาะคำสั่งที่ชำระแล้ว ไม่รวมคำสั่งที่ยังเปิดอยู่และคำสั่งที่ถูกยกเลิก อัตราชนะไม่นับผลเสมอ (ผลเสมอคืนเงินลงทุน)",
    zone: "วันที่นับตามเขตเวลา {{zone}}",
    demo: "บัญชีทดลอง: เงินเสมือน",
  },
};
