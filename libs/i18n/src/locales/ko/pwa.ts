export default {
  offline: {
    title: '오프라인 상태입니다',
    text: 'Candor에서 가격과 계정을 표시하려면 네트워크 연결이 필요합니다. 연결을 확인한 후 다시 시도하세요.',
    retry: '다시 시도',
  },
  update: {
    text: 'Candor의 새 버전을 사용할 수 있습니다.',
    reload: '지금 업데이트',
    later: '나중에',
  },
};
