// E-mails the server sends (subject, text, and the same text in HTML), in the recipient's language.
export default {
  greeting: '您好：',
  linkHint: '如果按鈕無法開啟，請將以下連結複製到瀏覽器：',
  signature: 'Candor 團隊敬上',
  footerSecurity: '這是帳號安全通知，無法取消訂閱。如有疑問，請聯絡客服。',
  footerOptional: '您可以在「設定」的郵件通知中關閉這類郵件。',
  emailConfirm: {
    subject: '請確認您的電子郵件地址',
    body: '感謝您註冊 Candor。請點選下方按鈕確認這個電子郵件地址，確認後即可申請提現。',
    action: '確認電子郵件',
    note: '連結 {{hours}} 小時內有效，且只能使用一次。如果您沒有註冊 Candor，請忽略這封郵件。',
  },
  emailChangeConfirm: {
    subject: '請確認您的新電子郵件地址',
    body: '您要求將 Candor 帳號的電子郵件改為 {{email}}。請點選下方按鈕確認；確認前，原來的地址仍然有效。',
    action: '確認新地址',
    note: '連結 {{hours}} 小時內有效，且只能使用一次。如果不是您本人操作，請忽略這封郵件。',
  },
  emailChangeNotice: {
    subject: '您的帳號電子郵件即將變更',
    body: '有人要求將您 Candor 帳號的電子郵件改為 {{email}}。新地址確認後，帳號將改用新地址，這個地址將不再收到通知。',
    note: '如果不是您本人操作，請立即修改登入密碼並聯絡客服。',
  },
  passwordReset: {
    subject: '重設您的登入密碼',
    body: '我們收到重設您 Candor 帳號登入密碼的申請。請點選下方按鈕設定新的登入密碼（交易密碼不會改變）。',
    action: '重設密碼',
    note: '連結 {{minutes}} 分鐘內有效，且只能使用一次。如果您沒有提出申請，請忽略這封郵件，您的密碼不會改變。',
  },
  passwordChanged: {
    subject: '您的登入密碼已變更',
    body: '您 Candor 帳號的登入密碼已於 {{at}} 變更，所有裝置均已登出。',
    note: '如果不是您本人操作，請立即透過「忘記密碼」重設密碼並聯絡客服。',
  },
  newDevice: {
    subject: '您的帳號在新裝置登入',
    body: '您的帳號於 {{at}} 在新裝置 {{device}}（IP {{ip}}）登入。',
    note: '如非本人操作，請立即修改登入密碼，並在設定中登出其他裝置。',
  },
  withdrawalRequested: {
    subject: '已收到您的提現申請 {{orderNo}}',
    body: '您的提現申請 {{orderNo}}（{{amount}}）已提交，款項已凍結，正在審核中。',
    note: '如果不是您本人操作，請立即修改密碼並聯絡客服。',
  },
  withdrawalPaid: {
    subject: '提現 {{orderNo}} 已出款',
    body: '您的提現 {{orderNo}}（{{amount}}）已出款，請留意您的收款帳戶。',
  },
  withdrawalReturned: {
    subject: '提現 {{orderNo}} 已退回',
    body: '您的提現 {{orderNo}}（{{amount}}）未通過審核，款項已退回餘額。原因：{{reason}}',
  },
  withdrawalCancelled: {
    subject: '提現 {{orderNo}} 已取消',
    body: '您的提現 {{orderNo}}（{{amount}}）已取消，款項已退回餘額。',
  },
  verificationApproved: {
    subject: '實名認證已通過',
    body: '您的實名認證已通過審核，現在可以使用所有功能。',
  },
  verificationRejected: {
    subject: '實名認證未通過',
    body: '您的實名認證未通過審核。原因：{{reason}}',
    note: '您可以在個人中心修改資料後重新提交。',
  },
};
