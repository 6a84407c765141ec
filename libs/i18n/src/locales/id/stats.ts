// The trade statistics page (/pages/statistics/statistics): loaded with that page, not with the app.
export default {
  title: "Statistik perdagangan",
  period: {
    label: "Periode",
    d7: "7 hari",
    d30: "30 hari",
    d90: "90 hari",
  },
  tiles: {
    winRate: "Rasio menang",
    orders: "Pesanan selesai",
    net: "Hasil bersih",
    staked: "Dipertaruhkan",
    paidOut: "Dibayarkan",
  },
  record: "Menang {{wins}} · Kalah {{losses}} · Seri {{ties}}",
  chart: {
    title: "Hasil bersih per hari",
    summary: "Dalam {{days}} hari terakhir, {{active}} hari ada pesanan selesai; hasil bersih {{net}}.",
    caption: "Hasil bersih pada hari dengan pesanan selesai",
    date: "Tanggal",
    orders: "Pesanan",
    net: "Hasil bersih",
  },
  products: {
    title: "Per produk",
    facts: "Pesanan {{orders}} · Rasio menang {{rate}}",
  },
  empty: {
    title: "Tidak ada pesanan selesai pada periode ini",
    text: "Pesanan dihitung di sini setelah selesai.",
  },
  notes: {
    rules: "Hanya pesanan yang sudah selesai yang dihitung: pesanan terbuka dan yang dibatalkan tidak termasuk. Rasio menang tidak menghitung seri (seri mengembalikan taruhan).",
    zone: "Hari dihitung dalam zona waktu {{zone}}.",
    demo: "Akun demo: uang virtual.",
  },
};
