export default {
  offline: {
    title: '当前离线',
    text: 'Candor 需要网络连接才能显示价格和您的账户。请检查网络后重试。',
    retry: '重试',
  },
  update: {
    text: 'Candor 有新版本可用。',
    reload: '立即更新',
    later: '稍后',
  },
};
