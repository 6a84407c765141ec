// E-mails the server sends (subject, text, and the same text in HTML), in the recipient's language.
export default {
  greeting: '안녕하세요.',
  linkHint: '버튼이 열리지 않으면 아래 링크를 브라우저에 복사해 주세요:',
  signature: 'Candor 팀 드림',
  footerSecurity: '계정 보안 알림이므로 수신을 거부할 수 없습니다. 궁금한 점은 고객센터에 문의하세요.',
  footerOptional: '이런 메일은 설정의 이메일 알림에서 끌 수 있습니다.',
  emailConfirm: {
    subject: '이메일 주소를 확인해 주세요',
    body: 'Candor에 가입해 주셔서 감사합니다. 아래 버튼으로 이 이메일 주소를 확인해 주세요. 확인 후 출금할 수 있습니다.',
    action: '이메일 확인',
    note: '링크는 {{hours}}시간 동안 유효하며 한 번만 사용할 수 있습니다. Candor에 가입하지 않으셨다면 이 메일을 무시하세요.',
  },
  emailChangeConfirm: {
    subject: '새 이메일 주소를 확인해 주세요',
    body: 'Candor 계정의 이메일을 {{email}}(으)로 변경하도록 요청하셨습니다. 아래 버튼으로 확인해 주세요. 확인 전까지는 기존 주소가 계속 사용됩니다.',
    action: '새 주소 확인',
    note: '링크는 {{hours}}시간 동안 유효하며 한 번만 사용할 수 있습니다. 본인이 요청하지 않았다면 이 메일을 무시하세요.',
  },
  emailChangeNotice: {
    subject: '계정 이메일이 곧 변경됩니다',
    body: '누군가 Candor 계정의 이메일을 {{email}}(으)로 변경하도록 요청했습니다. 새 주소가 확인되면 이 주소로는 더 이상 알림이 가지 않습니다.',
    note: '본인이 아니라면 즉시 로그인 비밀번호를 변경하고 고객센터에 연락하세요.',
  },
  passwordReset: {
    subject: '로그인 비밀번호 재설정',
    body: 'Candor 계정의 로그인 비밀번호 재설정 요청을 받았습니다. 아래 버튼으로 새 로그인 비밀번호를 설정하세요(거래 비밀번호는 바뀌지 않습니다).',
    action: '비밀번호 재설정',
    note: '링크는 {{minutes}}분 동안 유효하며 한 번만 사용할 수 있습니다. 요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
  },
  passwordChanged: {
    subject: '로그인 비밀번호가 변경되었습니다',
    body: 'Candor 계정의 로그인 비밀번호가 {{at}}에 변경되었고 모든 기기에서 로그아웃되었습니다.',
    note: '본인이 아니라면 즉시 "비밀번호 찾기"로 재설정하고 고객센터에 연락하세요.',
  },
  newDevice: {
    subject: '새 기기에서 계정에 로그인했습니다',
    body: '{{at}}에 새 기기 {{device}}(IP {{ip}})에서 계정에 로그인했습니다.',
    note: '본인이 아니라면 즉시 로그인 비밀번호를 변경하고 설정에서 다른 기기를 로그아웃하세요.',
  },
  withdrawalRequested: {
    subject: '출금 신청 {{orderNo}}이(가) 접수되었습니다',
    body: '출금 신청 {{orderNo}}({{amount}})이(가) 접수되었습니다. 심사 중에는 금액이 동결됩니다.',
    note: '본인이 아니라면 즉시 비밀번호를 변경하고 고객센터에 연락하세요.',
  },
  withdrawalPaid: {
    subject: '출금 {{orderNo}}이(가) 지급되었습니다',
    body: '출금 {{orderNo}}({{amount}})이(가) 출금 계좌로 지급되었습니다.',
  },
  withdrawalReturned: {
    subject: '출금 {{orderNo}}이(가) 반려되었습니다',
    body: '출금 {{orderNo}}({{amount}})이(가) 승인되지 않아 금액이 잔액으로 돌아왔습니다. 사유: {{reason}}',
  },
  withdrawalCancelled: {
    subject: '출금 {{orderNo}}이(가) 취소되었습니다',
    body: '출금 {{orderNo}}({{amount}})이(가) 취소되어 금액이 잔액으로 돌아왔습니다.',
  },
  verificationApproved: {
    subject: '실명 인증이 승인되었습니다',
    body: '실명 인증이 승인되었습니다. 이제 모든 기능을 사용할 수 있습니다.',
  },
  verificationRejected: {
    subject: '실명 인증이 승인되지 않았습니다',
    body: '실명 인증이 승인되지 않았습니다. 사유: {{reason}}',
    note: '마이페이지에서 정보를 수정한 뒤 다시 제출할 수 있습니다.',
  },
};
