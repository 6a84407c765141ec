export default {
  list: {
    name: 'Nama',
    lastPrice: 'Harga terakhir',
    change24h: 'Perubahan 24 jam',
    volume24h: 'Volume 24 jam',
    empty: 'Belum ada produk',
  },
  status: {
    open: 'Buka',
    closed: 'Tutup',
    maintenance: 'Pemeliharaan',
  },
  live: {
    on: 'Langsung',
    off: 'Menyambung ulang',
  },
  home: {
    quickLinks: 'Pintasan',
    quick: {
      deposit: 'Setoran cepat',
      trade: 'Perdagangan produk',
      positions: 'Posisi saya',
      withdrawalMethod: 'Metode penarikan',
      about: 'Tentang kami',
      messages: 'Pesan sistem',
      service: 'Layanan daring',
    },
    comingSoon: 'Layanan daring segera hadir',
    recommended: 'Produk pilihan',
    allProducts: 'Semua produk',
    highlights: 'Keunggulan platform',
    highlight: {
      feed: {
        title: 'Harga hanya dari umpan pasar',
        text: 'Setiap harga berasal dari umpan pasar. Tidak ada yang bisa mengubah harga atau hasil pesanan mana pun.',
      },
      verify: {
        title: 'Setiap penyelesaian dapat diverifikasi',
        text: 'Setiap pesanan yang selesai mencantumkan tick masuk dan keluar beserta hash bloknya, untuk dicocokkan dengan catatan tick publik.',
      },
      ledger: {
        title: 'Setiap sen tercatat di buku besar',
        text: 'Setiap pergerakan uang adalah entri jurnal yang seimbang; catatan dana Anda adalah buku besar itu sendiri.',
      },
      demo: {
        title: 'Berlatih dengan akun demo',
        text: 'Uang virtual, aturan yang sama, catatan terpisah, dapat diatur ulang kapan saja.',
      },
    },
    privacy: 'Kebijakan privasi',
    language: 'Bahasa',
    risk: 'Perdagangan waktu tetap berisiko tinggi: Anda dapat kehilangan seluruh jumlah yang dipasang. Gunakan hanya uang yang sanggup Anda relakan.',
  },
  products: {
    title: 'Produk',
    searchLabel: 'Cari produk berdasarkan nama',
    searchPlaceholder: 'Cari nama produk',
    noMatch: 'Tidak ada produk yang cocok dengan “{{query}}”',
  },
  chart: {
    label: 'Grafik candlestick',
    interval: 'Interval candle',
    empty: 'Belum ada data candle',
    intervals: {
      '1m': '1 mnt',
      '5m': '5 mnt',
      '15m': '15 mnt',
      '1h': '1 jam',
      '1d': 'Harian',
    },
  },
  detail: {
    quote: 'Kuotasi',
    high24h: 'Tertinggi 24 jam',
    low24h: 'Terendah 24 jam',
    volume24h: 'Volume 24 jam',
    amount24h: 'Nilai transaksi 24 jam',
    notFound: 'Produk tidak ditemukan',
  },
  notice: {
    closed: 'Pasar sedang tutup',
    maintenance: 'Produk ini sedang dalam pemeliharaan',
    nextOpen: 'Buka berikutnya: {{time}}',
    nextOpenUnknown: 'Waktu buka belum ditentukan',
  },
};
