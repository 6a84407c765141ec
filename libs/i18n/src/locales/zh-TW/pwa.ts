export default {
  offline: {
    title: '目前離線',
    text: 'Candor 需要網路連線才能顯示價格和您的帳戶。請檢查網路後再試一次。',
    retry: '再試一次',
  },
  update: {
    text: 'Candor 有新版本可用。',
    reload: '立即更新',
    later: '稍後',
  },
};
