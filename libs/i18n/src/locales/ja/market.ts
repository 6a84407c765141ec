export default {
  list: {
    name: '銘柄',
    lastPrice: '現在値',
    change24h: '24時間騰落',
    volume24h: '24時間出来高',
    empty: '商品はまだありません',
  },
  status: {
    open: '取引中',
    closed: '休場',
    maintenance: 'メンテナンス中',
  },
  live: {
    on: 'ライブ',
    off: '再接続中',
  },
  home: {
    quickLinks: 'クイックメニュー',
    quick: {
      deposit: 'クイック入金',
      trade: '商品取引',
      positions: 'マイポジション',
      withdrawalMethod: '出金方法',
      about: '会社概要',
      messages: 'お知らせ',
      service: 'オンラインサポート',
    },
    comingSoon: 'オンラインサポートは近日公開予定です',
    recommended: 'おすすめ商品',
    allProducts: 'すべての商品',
    highlights: 'プラットフォームの特長',
    highlight: {
      feed: {
        title: '価格は相場フィードのみから',
        text: 'すべての価格は相場フィードから届きます。価格や注文の結果を変えられる人はいません。',
      },
      verify: {
        title: 'すべての決済を検証可能',
        text: '決済済みの注文には、エントリーとエグジットのティックとそのブロックハッシュが記載され、公開ティック記録と照合できます。',
      },
      ledger: {
        title: '1セント残らず元帳に',
        text: '資金の動きはすべて貸借が一致する仕訳です。お客様の資金記録はその元帳そのものです。',
      },
      demo: {
        title: 'デモ口座で練習',
        text: '仮想資金で、ルールは同じ、記録は別、いつでもリセットできます。',
      },
    },
    privacy: 'プライバシーポリシー',
    language: '言語',
    risk: '時間指定取引はリスクが高く、投入した金額をすべて失う可能性があります。失っても困らない資金で取引してください。',
  },
  products: {
    title: '商品',
    searchLabel: '商品名で検索',
    searchPlaceholder: '商品名を検索',
    noMatch: '「{{query}}」に一致する商品はありません',
  },
  chart: {
    label: 'ローソク足チャート',
    interval: '足の間隔',
    empty: 'ローソク足データはまだありません',
    intervals: {
      '1m': '1分',
      '5m': '5分',
      '15m': '15分',
      '1h': '1時間',
      '1d': '日足',
    },
  },
  detail: {
    quote: '相場',
    high24h: '24時間高値',
    low24h: '24時間安値',
    volume24h: '24時間出来高',
    amount24h: '24時間売買代金',
    notFound: '商品が見つかりません',
  },
  notice: {
    closed: '市場は休場中です',
    maintenance: 'この商品はメンテナンス中です',
    nextOpen: '次回の取引開始：{{time}}',
    nextOpenUnknown: '取引開始時刻は未定です',
  },
};
