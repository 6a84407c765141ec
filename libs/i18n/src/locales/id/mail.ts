// E-mails the server sends (subject, text, and the same text in HTML), in the recipient's language.
export default {
  greeting: 'Halo,',
  linkHint: 'Jika tombol tidak terbuka, salin tautan ini ke peramban Anda:',
  signature: 'Tim Candor',
  footerSecurity: 'Ini adalah pemberitahuan keamanan akun dan tidak dapat dimatikan. Ada pertanyaan? Hubungi layanan pelanggan.',
  footerOptional: 'Anda dapat mematikan e-mail seperti ini di Pengaturan, notifikasi e-mail.',
  emailConfirm: {
    subject: 'Mohon konfirmasi alamat e-mail Anda',
    body: 'Terima kasih telah mendaftar di Candor. Konfirmasikan alamat e-mail ini dengan tombol di bawah; penarikan dana terbuka setelah dikonfirmasi.',
    action: 'Konfirmasi e-mail',
    note: 'Tautan berlaku {{hours}} jam dan hanya bisa dipakai sekali. Jika Anda tidak mendaftar di Candor, abaikan e-mail ini.',
  },
  emailChangeConfirm: {
    subject: 'Mohon konfirmasi alamat e-mail baru Anda',
    body: 'Anda meminta mengganti alamat e-mail akun Candor menjadi {{email}}. Konfirmasikan dengan tombol di bawah; sampai saat itu alamat lama tetap dipakai.',
    action: 'Konfirmasi alamat baru',
    note: 'Tautan berlaku {{hours}} jam dan hanya bisa dipakai sekali. Jika ini bukan Anda, abaikan e-mail ini.',
  },
  emailChangeNotice: {
    subject: 'Alamat e-mail akun Anda akan berubah',
    body: 'Seseorang meminta mengganti alamat e-mail akun Candor Anda menjadi {{email}}. Setelah alamat baru dikonfirmasi, alamat ini tidak lagi menerima pemberitahuan.',
    note: 'Jika ini bukan Anda, segera ganti kata sandi masuk dan hubungi layanan pelanggan.',
  },
  passwordReset: {
    subject: 'Atur ulang kata sandi masuk Anda',
    body: 'Kami menerima permintaan untuk mengatur ulang kata sandi masuk akun Candor Anda. Buat kata sandi masuk baru dengan tombol di bawah (kata sandi transaksi tidak berubah).',
    action: 'Atur ulang kata sandi',
    note: 'Tautan berlaku {{minutes}} menit dan hanya bisa dipakai sekali. Jika Anda tidak memintanya, abaikan e-mail ini; kata sandi Anda tidak berubah.',
  },
  passwordChanged: {
    subject: 'Kata sandi masuk Anda telah diubah',
    body: 'Kata sandi masuk akun Candor Anda diubah pada {{at}}, dan semua perangkat telah dikeluarkan.',
    note: 'Jika ini bukan Anda, segera atur ulang kata sandi lewat "Lupa kata sandi" dan hubungi layanan pelanggan.',
  },
  newDevice: {
    subject: 'Akun Anda masuk dari perangkat baru',
    body: 'Akun Anda masuk dari perangkat baru, {{device}} (IP {{ip}}), pada {{at}}.',
    note: 'Jika ini bukan Anda, segera ganti kata sandi masuk dan keluarkan perangkat lain di Pengaturan.',
  },
  withdrawalRequested: {
    subject: 'Penarikan {{orderNo}} diterima',
    body: 'Penarikan {{orderNo}} ({{amount}}) telah diajukan; dana ditahan selama ditinjau.',
    note: 'Jika ini bukan Anda, segera ganti kata sandi dan hubungi layanan pelanggan.',
  },
  withdrawalPaid: {
    subject: 'Penarikan {{orderNo}} telah dibayar',
    body: 'Penarikan {{orderNo}} ({{amount}}) telah dibayarkan ke rekening penarikan Anda.',
  },
  withdrawalReturned: {
    subject: 'Penarikan {{orderNo}} dikembalikan',
    body: 'Penarikan {{orderNo}} ({{amount}}) tidak disetujui dan dana kembali ke saldo Anda. Alasan: {{reason}}',
  },
  withdrawalCancelled: {
    subject: 'Penarikan {{orderNo}} dibatalkan',
    body: 'Penarikan {{orderNo}} ({{amount}}) dibatalkan dan dana kembali ke saldo Anda.',
  },
  verificationApproved: {
    subject: 'Verifikasi identitas disetujui',
    body: 'Verifikasi identitas Anda telah disetujui; semua fitur kini terbuka untuk Anda.',
  },
  verificationRejected: {
    subject: 'Verifikasi identitas tidak disetujui',
    body: 'Verifikasi identitas Anda tidak disetujui. Alasan: {{reason}}',
    note: 'Anda dapat memperbaiki data di pusat akun lalu mengirimkannya kembali.',
  },
};
