export default {
  welcome: {
    tagline: 'Trading berjangka waktu yang jujur: harga hanya dari pasar, dan setiap sen tercatat di pembukuan.',
    enter: 'Masuk ke platform',
    risk: 'Trading berisiko dan Anda bisa kehilangan seluruh modal. Gunakan hanya dana yang siap Anda relakan.',
    points: {
      prices: { title: 'Harga pasar asli', text: 'Harga hanya berasal dari data pasar. Tidak ada yang dapat mengubah harga atau hasil.' },
      ledger: { title: 'Setiap sen tercatat', text: 'Setiap pergerakan dana dicatat dalam buku besar berpasangan yang bisa Anda periksa.' },
      verify: { title: 'Penyelesaian yang dapat diperiksa', text: 'Setiap pesanan menyebut tick pembukaan dan penutupannya, yang dapat dicocokkan di catatan publik.' },
    },
  },
  about: {
    title: 'Tentang kami',
    version: 'Versi {{version}}',
    intro: 'Candor adalah platform trading berjangka waktu: Anda membeli naik atau membeli turun atas harga suatu produk setelah waktu yang dipilih, dan dapat menaruh dana menganggur di Yu’e Bao untuk mendapat imbal hasil. Kami percaya platform trading harus jujur karena rancangannya, bukan sekadar karena janji.',
    sections: {
      prices: {
        title: 'Harga hanya dari pasar',
        text: 'Harga pembukaan dan penyelesaian berasal dari umpan data pasar dan jam server. Tidak ada layar, pengaturan, atau sakelar basis data yang dapat mengubah harga, hasil, atau pembayaran suatu pesanan, termasuk oleh operator kami sendiri.',
      },
      ledger: {
        title: 'Setiap sen ada di buku besar',
        text: 'Setoran, penarikan, pesanan, pembayaran, dan hasil Yu’e Bao semuanya dicatat sebagai jurnal berpasangan yang jumlahnya nol. Riwayat dana Anda adalah buku besar itu, dilihat dari sisi Anda.',
      },
      verify: {
        title: 'Penyelesaian yang dapat Anda periksa',
        text: 'Setiap pesanan yang selesai menampilkan tick pembukaan dan penutupannya. Catatan tick disegel setiap detik dalam blok yang terhubung dengan hash dan terbuka untuk umum, sehingga siapa pun dapat memastikan catatan itu tidak ditulis ulang.',
      },
      selfService: {
        title: 'Akun Anda, kendali Anda',
        text: 'Anda mengubah sendiri kata sandi masuk dan kata sandi transaksi dengan kata sandi lama, mengatur sendiri rekening penarikan (perubahan memicu penahanan penarikan 24 jam), dan dapat mengekspor seluruh riwayat kapan saja. Tidak ada hambatan tersembunyi.',
      },
      clarity: {
        title: 'Penjelasan yang jelas',
        text: 'Setiap kali permintaan ditolak, alasannya disampaikan dalam bahasa Anda, dan tidak ada yang tertinggal setengah jalan. Tingkat imbal hasil Yu’e Bao selalu ditampilkan per hari dan setara tahunannya.',
      },
    },
  },
  privacy: {
    title: 'Kebijakan privasi',
    updated: 'Berlaku untuk versi 1.0.0',
    intro: 'Kebijakan ini menjelaskan data apa yang kami simpan, alasannya, berapa lama, dan bagaimana data itu dilindungi. Kami hanya mengumpulkan data yang diperlukan untuk layanan.',
    rightsLink: 'Lihat hak Anda dan peringatan risiko',
    sections: {
      collect: {
        title: 'Data yang kami simpan',
        text: 'Data akun: alamat email, nomor telepon, nama panggilan, siapa yang mengundang Anda, serta kata sandi masuk dan transaksi yang di-hash dengan argon2id (kami tidak dapat melihat kata sandinya).\n\nData trading dan dana: pesanan, entri buku besar, catatan setoran dan penarikan, serta rincian rekening penarikan. Untuk verifikasi identitas: nama, nomor identitas, dan foto identitas yang Anda kirim.\n\nData sesi: kapan setiap sesi masuk dibuat dan terakhir dipakai, peramban, dan alamat IP, agar Pengaturan dapat menampilkan perangkat yang masuk.',
      },
      use: {
        title: 'Untuk apa data dipakai',
        text: 'Hanya untuk membuka dan menjalankan akun Anda, mengeksekusi dan menyelesaikan trading, memproses setoran dan penarikan, menyelesaikan verifikasi identitas sesuai hukum, menjaga keamanan akun (misalnya membatasi percobaan masuk), dan menjawab permintaan bantuan Anda. Kami tidak memakai data Anda untuk iklan dan tidak menjualnya.',
      },
      device: {
        title: 'Data di perangkat Anda',
        text: 'Penyimpanan lokal peramban hanya menyimpan bahasa pilihan Anda dan status aplikasi yang tidak rahasia. Sesi masuk disimpan dalam cookie aman khusus HTTP yang tidak dapat dibaca skrip halaman, dan token akses berumur pendek hanya ada di memori. Menghapus cache di Pengaturan akan menghapus data ini dan mengakhiri sesi.',
      },
      retention: {
        title: 'Berapa lama disimpan',
        text: 'Kami menyimpan data di atas selama akun Anda aktif. Setelah akun ditutup, catatan dana dan trading disimpan selama yang diwajibkan hukum untuk catatan keuangan, dan sisanya dihapus. Sesi masuk yang berakhir akan kedaluwarsa.',
      },
      sharing: {
        title: 'Siapa yang dapat melihatnya',
        text: 'Staf berwenang hanya melihat data Anda saat menangani permintaan Anda (misalnya meninjau setoran, penarikan, atau verifikasi), dan setiap tindakan operator ditulis ke log audit yang tidak dapat diubah. Kami tidak memberikan data Anda kepada pihak ketiga kecuali diwajibkan hukum.',
      },
      security: {
        title: 'Cara data dilindungi',
        text: 'Setiap kueri dibatasi pada pengguna yang masuk: tidak ada yang dapat membaca pesanan, riwayat, pesan, atau foto identitas pengguna lain. Foto identitas disimpan di luar direktori web dan hanya ditampilkan kepada Anda dan peninjau. Masuk, pendaftaran, dan kode verifikasi dibatasi frekuensinya.',
      },
    },
  },
  rights: {
    title: 'Hak Anda dan peringatan risiko',
    intro: 'Anda memiliki hak berikut atas akun dan data Anda. Sebagian besar dapat Anda lakukan sendiri di aplikasi tanpa menunggu layanan pelanggan.',
    sections: {
      access: {
        title: 'Melihat data',
        text: 'Pusat pribadi, pesanan, dan riwayat dana menampilkan semua yang kami simpan tentang aktivitas Anda, termasuk tick yang dipakai setiap penyelesaian.',
      },
      correct: {
        title: 'Memperbaiki data',
        text: 'Anda dapat mengubah sendiri nama panggilan dan rekening penarikan. Jika data lain keliru, layanan pelanggan akan memperbaikinya.',
      },
      export: {
        title: 'Mengekspor data',
        text: 'Anda dapat mengekspor seluruh riwayat pesanan dan dana untuk diperiksa atau disimpan sendiri.',
      },
      password: {
        title: 'Mengubah kata sandi sendiri',
        text: 'Dengan kata sandi lama, Anda dapat mengubah kata sandi masuk atau transaksi di Pengaturan. Di sana juga tercantum setiap perangkat yang masuk, dan Anda dapat mengeluarkan perangkat mana pun.',
      },
      withdraw: {
        title: 'Menarik dana Anda',
        text: 'Saldo tersedia adalah milik Anda. Untuk melindunginya, penarikan ditahan selama 24 jam setelah rekening penarikan diubah; aturan ini sama untuk semua orang dan ditampilkan dengan jelas.',
      },
      close: {
        title: 'Menutup akun',
        text: 'Anda dapat meminta penutupan akun. Tarik saldo Anda terlebih dahulu; selain catatan keuangan yang wajib kami simpan menurut hukum, data Anda akan dihapus.',
      },
      risk: {
        title: 'Peringatan risiko',
        text: 'Hasil trading berjangka waktu bergantung pada harga pasar saat jatuh tempo, dan pesanan yang kalah kehilangan seluruh modalnya. Hasil masa lalu tidak menjamin hasil mendatang. Bertransaksilah hanya dengan dana yang siap Anda relakan, dan coba akun demo terlebih dahulu untuk mempelajari aturannya.',
      },
    },
  },
  news: {
    title: 'Berita',
    emptyTitle: 'Belum ada berita',
    emptyText: 'Berita pasar dan pengumuman platform akan muncul di sini setelah diterbitkan.',
  },
};
