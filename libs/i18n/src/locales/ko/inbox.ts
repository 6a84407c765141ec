// System messages the server sends to a user, rendered in the reader's language.
export default {
  depositApproved: { title: '입금 완료', body: '입금 {{orderNo}}({{amount}})이 반영되었습니다.' },
  depositRejected: { title: '입금 미반영', body: '입금 {{orderNo}}({{amount}})이 반영되지 않았습니다: {{reason}}' },
  withdrawalPaid: { title: '출금 완료', body: '출금 {{orderNo}}({{amount}})이 지급되었습니다.' },
  withdrawalRejected: { title: '출금 반려', body: '출금 {{orderNo}}({{amount}})이 반려되어 잔액으로 돌아왔습니다: {{reason}}' },
  withdrawalAccountBound: { title: '출금 계좌 등록', body: '출금 계좌 {{masked}}이 등록되었습니다.' },
  withdrawalAccountChanged: { title: '출금 계좌 변경', body: '출금 계좌가 {{masked}}(으)로 변경되었습니다. {{holdUntil}}까지 출금이 중지됩니다. 본인이 아니라면 비밀번호를 변경하고 고객센터에 문의하세요.' },
  newLogin: { title: '새 기기 로그인', body: '{{at}}에 새 기기 {{device}}(IP {{ip}})에서 계정에 로그인했습니다. 본인이 아니라면 즉시 로그인 비밀번호를 변경하고 설정에서 다른 기기를 로그아웃하세요.' },
  passwordReset: { title: '로그인 비밀번호 재설정됨', body: '{{at}}에 이메일 링크로 로그인 비밀번호가 재설정되었고 모든 기기에서 로그아웃되었습니다. 본인이 아니라면 즉시 고객센터에 연락하세요.' },
  totpEnabled: { title: '2단계 인증을 켰습니다', body: '{{at}}에 계정의 2단계 인증이 켜졌습니다. 이제 로그인, 출금, 출금 계좌 변경 시 인증 앱의 코드가 필요합니다. 본인이 한 일이 아니라면 지금 바로 고객센터에 연락하세요.' },
  totpDisabled: { title: '2단계 인증을 껐습니다', body: '{{at}}에 계정의 2단계 인증이 꺼졌습니다. 본인이 한 일이 아니라면 지금 바로 로그인 비밀번호를 바꾸고 고객센터에 연락하세요.' },
  kycApproved: { title: '실명 인증 완료', body: '실명 인증이 완료되었습니다. 이제 출금할 수 있습니다.' },
  kycRejected: { title: '실명 인증 반려', body: '실명 인증이 반려되었습니다: {{reason}}. {{message}} 다시 제출해 주세요.' },
  kycRejectedFinal: { title: '실명 인증 종료', body: '실명 인증이 반려되었습니다: {{reason}}. {{message}} 고객센터에 문의해 주세요.' },
  kycReasons: { unreadable: '사진을 알아볼 수 없습니다', mismatch: '입력한 정보가 신분증과 다릅니다', expired: '신분증 유효기간이 지났습니다', not_an_id: '신분증이 아닙니다', incomplete: '신분증의 한 면 또는 항목이 빠졌습니다', duplicate: '이 번호는 다른 계정에서 이미 인증되었습니다', other: '아래 메시지를 확인해 주세요' },
  supportReplied: { title: '고객센터 답변 도착', body: '고객센터에서 메시지에 답변했습니다. 「온라인 상담」에서 확인하세요.' },
  priceAlert: { title: '가격 알림: {{name}}', body: '{{name}}({{symbol}}) {{side}}: {{level}}. {{at}} 가격은 {{price}}였습니다. 이 알림은 완료되었으며, 필요하면 상품 페이지에서 새로 설정하세요.' },
  /** How a price alert's level was reached (`priceAlert`'s side). */
  priceAlertSides: { above: '가격이 설정한 알림 가격까지 올랐습니다', below: '가격이 설정한 알림 가격까지 내렸습니다' },
  limitRaisePending: { title: '한도 변경 대기 중', body: '{{limit}} 한도를 올리거나 해제했습니다(새 값: {{value}}). 변경은 {{effectiveAt}}(UTC)에 적용되며 그때까지 현재 한도가 유지됩니다.' },
  /** A responsible-trading limit's name (`limitRaisePending`'s limit). */
  limitNames: { depositDay: '일일 입금', depositWeek: '주간 입금', depositMonth: '월간 입금', lossDay: '일일 손실', lossWeek: '주간 손실', lossMonth: '월간 손실', stakePerOrder: '주문당 금액', reminderMinutes: '세션 알림' },
  limitNone: '한도 없음',
};
