export default {
  list: {
    name: '상품명',
    lastPrice: '현재가',
    change24h: '24시간 등락',
    volume24h: '24시간 거래량',
    empty: '아직 상품이 없습니다',
  },
  status: {
    open: '거래 중',
    closed: '휴장',
    maintenance: '점검 중',
  },
  live: {
    on: '실시간',
    off: '다시 연결 중',
  },
  home: {
    quickLinks: '바로가기',
    quick: {
      deposit: '빠른 입금',
      trade: '상품 거래',
      positions: '내 포지션',
      withdrawalMethod: '출금 방법',
      about: '회사 소개',
      messages: '시스템 메시지',
      service: '온라인 상담',
    },
    comingSoon: '온라인 상담은 곧 제공됩니다',
    recommended: '추천 상품',
    allProducts: '전체 상품',
    highlights: '플랫폼 특징',
    highlight: {
      feed: {
        title: '가격은 시세 피드에서만',
        text: '모든 가격은 시장 시세에서 옵니다. 누구도 가격이나 주문 결과를 바꿀 수 없습니다.',
      },
      verify: {
        title: '모든 정산은 검증 가능',
        text: '정산된 주문마다 진입·청산 틱과 블록 해시가 표시되어 공개 틱 기록과 대조할 수 있습니다.',
      },
      ledger: {
        title: '모든 돈은 원장에',
        text: '모든 자금 이동은 차변과 대변이 맞는 분개이며, 회원님의 자금 기록이 곧 그 원장입니다.',
      },
      demo: {
        title: '모의 계좌로 연습',
        text: '가상 자금, 같은 규칙, 별도 기록, 언제든 초기화할 수 있습니다.',
      },
    },
    privacy: '개인정보 처리방침',
    language: '언어',
    risk: '시간 만기 거래는 위험이 높아 투입한 금액 전부를 잃을 수 있습니다. 잃어도 되는 자금으로만 거래하세요.',
  },
  products: {
    title: '상품',
    searchLabel: '상품명으로 검색',
    searchPlaceholder: '상품명 검색',
    noMatch: '“{{query}}”와 일치하는 상품이 없습니다',
  },
  chart: {
    label: '캔들 차트',
    interval: '캔들 주기',
    empty: '아직 캔들 데이터가 없습니다',
    intervals: {
      '1m': '1분',
      '5m': '5분',
      '15m': '15분',
      '1h': '1시간',
      '1d': '일봉',
    },
  },
  detail: {
    quote: '시세',
    high24h: '24시간 최고',
    low24h: '24시간 최저',
    volume24h: '24시간 거래량',
    amount24h: '24시간 거래대금',
    notFound: '상품을 찾을 수 없습니다',
  },
  notice: {
    closed: '시장이 휴장 중입니다',
    maintenance: '이 상품은 점검 중입니다',
    nextOpen: '다음 개장 시간: {{time}}',
    nextOpenUnknown: '개장 시간 미정',
  },
};
