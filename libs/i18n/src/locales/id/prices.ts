// The explanation page of prices (/pages/prices/prices): loaded with that page, not with the app.
export default {
  title: 'Cara harga dibentuk',
  intro: 'Uang riil hanya diperdagangkan pada harga dari bursa publik yang dapat diperiksa siapa saja. Halaman ini menjelaskan cara harga dibentuk dari bursa-bursa itu, apa yang terjadi bila bursa diam atau harganya berbeda, dan cara Anda memeriksa harga mana pun sendiri.',
  sections: {
    source: {
      title: 'Dari mana harga berasal',
      text: 'Untuk setiap produk dengan harga bursa, kami membaca data pasar publik Binance, OKX, Coinbase, dan Kraken, data yang dapat dibaca siapa saja tanpa akun. Harga setiap bursa adalah harga tengah dari bid dan ask terbaiknya: (bid + ask) ÷ 2.\n\nHalaman produk menampilkan kuotasi terkini setiap bursa, serta apakah harga memakainya atau mengapa tidak.',
    },
    rule: {
      title: 'Aturannya: median bursa yang terbaru',
      text: 'Sebuah bursa dihitung selama kuotasinya baru, yaitu selama kami menerima datanya dalam {{staleSeconds}} detik terakhir. Bila minimal {{quorum}} bursa baru, harga adalah median dari harga tengah mereka. Bursa yang lebih dari {{bps}} basis poin ({{percent}}) dari median itu dibuang, lalu median dihitung ulang tanpanya.\n\nMata uang kuotasi tidak pernah dicampur: harga USDT dengan harga USDT, USD dengan USD.',
    },
    halt: {
      title: 'Saat harga dijeda',
      text: 'Bila bursa yang baru kurang dari {{quorum}}, atau bursa-bursa itu berbeda melebihi batas, tidak ada harga yang sah: produk dijeda. Harganya ditampilkan abu-abu dengan alasannya (“bursa tidak cukup” atau “harga antarbursa berbeda”), tidak ada harga yang dicatat, dan order baru ditolak.\n\nProduk berlanjut dengan sendirinya begitu cukup bursa kembali sepakat. Tidak ada yang memutuskan kapan: aturan yang sama yang menjeda produk juga menjalankannya lagi.',
    },
    expiry: {
      title: 'Order yang jatuh tempo saat jeda',
      text: 'Order yang waktu jatuh temponya berada dalam jeda diselesaikan pada harga sah pertama dalam {{graceSeconds}} detik setelah jatuh tempo. Bila tidak ada harga sah dalam {{graceSeconds}} detik itu, order dibatalkan, seluruh stake dikembalikan, dan tanda terimanya menyebutkan alasannya. Tidak ada order yang terbuka selamanya, dan tidak ada yang diselesaikan pada harga yang tidak ada dalam catatan.',
    },
    simulated: {
      title: 'Harga simulasi: khusus demo',
      text: 'Beberapa produk tidak memiliki harga bursa publik yang gratis (misalnya valas dan logam). Harganya berasal dari simulator, dan di mana pun harganya tampil selalu ada lencana “Harga simulasi: khusus demo”. Hanya akun demo yang dapat memperdagangkannya: tidak ada pengaturan yang mengizinkan uang riil pada harga simulasi.',
    },
    check: {
      title: 'Periksa harga sendiri',
      text: 'Setiap tick disimpan bersama setiap kuotasi bursa yang dibaca untuknya, dipakai atau dibuang, beserta aturan dan parameternya. Tick setiap detik membentuk satu blok yang hash-nya memuat hash blok sebelumnya, sehingga kuotasi yang diubah belakangan merusak rantainya. Ada tiga cara memeriksa:',
    },
  },
  checks: {
    record: 'Catatan tick publik: setiap tick mencantumkan kuotasinya (bursa, bid, ask, waktu dan ID milik bursa itu, kapan kami menerimanya, dipakai atau dibuang). Skrip ini memeriksa catatan sebuah produk dan menghitung ulang setiap median dari kuotasinya:',
    receipt: 'Tanda terima order yang sudah selesai mencantumkan kuotasi tick pembuka dan penutupnya, dan halamannya dapat memeriksanya di peramban Anda. Skrip ini melakukan hal yang sama di komputer Anda:',
    venues: 'Riwayat milik bursa sendiri: skrip ini mengambil transaksi publik atau candle 1 detik setiap bursa untuk detik itu dan melaporkan apakah setiap kuotasi yang tercatat berada dalam rentang harga bursa itu sendiri saat itu:',
  },
  scripts: 'Skrip-skrip ini disertakan dalam kode sumber platform dan hanya memerlukan Node.js.',
};
