export default {
  offline: {
    title: 'Anda sedang offline',
    text: 'Candor memerlukan koneksi untuk menampilkan harga dan akun Anda. Periksa koneksi Anda, lalu coba lagi.',
    retry: 'Coba lagi',
  },
  update: {
    text: 'Versi baru Candor sudah tersedia.',
    reload: 'Perbarui sekarang',
    later: 'Nanti',
  },
};
