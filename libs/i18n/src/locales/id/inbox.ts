// System messages the server sends to a user, rendered in the reader's language.
export default {
  depositApproved: { title: 'Setoran masuk', body: 'Setoran {{orderNo}} sebesar {{amount}} sudah masuk.' },
  depositRejected: { title: 'Setoran tidak masuk', body: 'Setoran {{orderNo}} sebesar {{amount}} tidak masuk: {{reason}}' },
  withdrawalPaid: { title: 'Penarikan dibayar', body: 'Penarikan {{orderNo}} sebesar {{amount}} sudah dibayarkan.' },
  withdrawalRejected: { title: 'Penarikan dikembalikan', body: 'Penarikan {{orderNo}} sebesar {{amount}} ditolak dan dana kembali ke saldo Anda: {{reason}}' },
  withdrawalAccountBound: { title: 'Rekening penarikan terikat', body: 'Rekening penarikan {{masked}} sudah terikat.' },
  withdrawalAccountChanged: { title: 'Rekening penarikan diubah', body: 'Rekening penarikan Anda diubah menjadi {{masked}}. Penarikan ditangguhkan hingga {{holdUntil}}. Jika ini bukan Anda, ganti kata sandi dan hubungi layanan pelanggan.' },
  newLogin: { title: 'Masuk dari perangkat baru', body: 'Akun Anda masuk dari perangkat baru, {{device}} (IP {{ip}}), pada {{at}}. Jika ini bukan Anda, segera ganti kata sandi masuk dan keluarkan perangkat lain di Pengaturan.' },
  passwordReset: { title: 'Kata sandi masuk diatur ulang', body: 'Kata sandi masuk Anda diatur ulang lewat tautan e-mail pada {{at}}, dan semua perangkat telah dikeluarkan. Jika ini bukan Anda, segera hubungi layanan pelanggan.' },
  totpEnabled: { title: 'Verifikasi dua langkah diaktifkan', body: 'Verifikasi dua langkah diaktifkan untuk akun Anda pada {{at}}. Mulai sekarang, masuk, penarikan, dan perubahan rekening penarikan meminta kode dari aplikasi autentikator Anda. Jika ini bukan Anda, segera hubungi dukungan.' },
  totpDisabled: { title: 'Verifikasi dua langkah dinonaktifkan', body: 'Verifikasi dua langkah dinonaktifkan untuk akun Anda pada {{at}}. Jika ini bukan Anda, segera ganti kata sandi masuk dan hubungi dukungan.' },
  kycApproved: { title: 'Identitas terverifikasi', body: 'Identitas Anda sudah terverifikasi. Sekarang Anda dapat menarik dana.' },
  kycRejected: { title: 'Verifikasi tidak diterima', body: 'Verifikasi identitas Anda tidak diterima: {{reason}}. {{message}} Harap ajukan kembali.' },
  kycRejectedFinal: { title: 'Verifikasi ditutup', body: 'Verifikasi identitas Anda tidak diterima: {{reason}}. {{message}} Harap hubungi layanan pelanggan.' },
  kycReasons: { unreadable: 'foto tidak dapat dibaca', mismatch: 'data tidak sesuai dengan dokumen', expired: 'dokumen sudah kedaluwarsa', not_an_id: 'ini bukan dokumen identitas', incomplete: 'satu sisi atau isian tidak ada', duplicate: 'nomor ini sudah terverifikasi di akun lain', other: 'lihat pesan di bawah' },
  supportReplied: { title: 'Layanan pelanggan membalas', body: 'Layanan pelanggan telah membalas pesan Anda. Buka Layanan online untuk membacanya.' },
  priceAlert: { title: 'Peringatan harga: {{name}}', body: '{{name}} ({{symbol}}) {{side}}: {{level}}. Harganya {{price}} pada {{at}}. Peringatan ini sudah selesai; buat yang baru di halaman produk jika perlu.' },
  /** How a price alert's level was reached (`priceAlert`'s side). */
  priceAlertSides: { above: 'naik ke harga peringatan Anda', below: 'turun ke harga peringatan Anda' },
  limitRaisePending: { title: 'Perubahan batas menunggu', body: 'Anda menaikkan atau menghapus batas {{limit}} (nilai baru: {{value}}). Perubahan berlaku pada {{effectiveAt}} (UTC); sampai saat itu batas saat ini tetap berlaku.' },
  /** A responsible-trading limit's name (`limitRaisePending`'s limit). */
  limitNames: { depositDay: 'Deposit harian', depositWeek: 'Deposit mingguan', depositMonth: 'Deposit bulanan', lossDay: 'Kerugian harian', lossWeek: 'Kerugian mingguan', lossMonth: 'Kerugian bulanan', stakePerOrder: 'Nilai per order', reminderMinutes: 'Pengingat sesi' },
  limitNone: 'tanpa batas',
};
