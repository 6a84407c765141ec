export default {
  offline: {
    title: 'オフラインです',
    text: '価格とアカウントを表示するには、Candor はネットワーク接続が必要です。接続を確認して、もう一度お試しください。',
    retry: '再試行',
  },
  update: {
    text: 'Candor の新しいバージョンを利用できます。',
    reload: '今すぐ更新',
    later: '後で',
  },
};
