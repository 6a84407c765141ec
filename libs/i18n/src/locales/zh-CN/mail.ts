// E-mails the server sends (subject, text, and the same text in HTML), in the recipient's language.
export default {
  greeting: '您好：',
  linkHint: '如果按钮无法打开，请将以下链接复制到浏览器：',
  signature: 'Candor 团队敬上',
  footerSecurity: '这是账户安全通知，无法退订。如有疑问，请联系客服。',
  footerOptional: '您可以在“设置”的邮件通知中关闭这类邮件。',
  emailConfirm: {
    subject: '请确认您的电子邮箱地址',
    body: '感谢您注册 Candor。请点击下方按钮确认这个邮箱地址，确认后即可申请提现。',
    action: '确认邮箱',
    note: '链接 {{hours}} 小时内有效，且只能使用一次。如果您没有注册 Candor，请忽略这封邮件。',
  },
  emailChangeConfirm: {
    subject: '请确认您的新邮箱地址',
    body: '您要求将 Candor 账户的邮箱改为 {{email}}。请点击下方按钮确认；确认前，原来的地址仍然有效。',
    action: '确认新地址',
    note: '链接 {{hours}} 小时内有效，且只能使用一次。如果不是您本人操作，请忽略这封邮件。',
  },
  emailChangeNotice: {
    subject: '您的账户邮箱即将变更',
    body: '有人要求将您 Candor 账户的邮箱改为 {{email}}。新地址确认后，账户将改用新地址，这个地址将不再收到通知。',
    note: '如果不是您本人操作，请立即修改登录密码并联系客服。',
  },
  passwordReset: {
    subject: '重置您的登录密码',
    body: '我们收到了重置您 Candor 账户登录密码的申请。请点击下方按钮设置新的登录密码（交易密码不会改变）。',
    action: '重置密码',
    note: '链接 {{minutes}} 分钟内有效，且只能使用一次。如果您没有提出申请，请忽略这封邮件，您的密码不会改变。',
  },
  passwordChanged: {
    subject: '您的登录密码已变更',
    body: '您 Candor 账户的登录密码已于 {{at}} 变更，所有设备均已退出登录。',
    note: '如果不是您本人操作，请立即通过“忘记密码”重置密码并联系客服。',
  },
  newDevice: {
    subject: '您的账户在新设备登录',
    body: '您的账户于 {{at}} 在新设备 {{device}}（IP {{ip}}）登录。',
    note: '如非本人操作，请立即修改登录密码，并在设置中退出其他设备。',
  },
  withdrawalRequested: {
    subject: '已收到您的提现申请 {{orderNo}}',
    body: '您的提现申请 {{orderNo}}（{{amount}}）已提交，款项已冻结，正在审核中。',
    note: '如果不是您本人操作，请立即修改密码并联系客服。',
  },
  withdrawalPaid: {
    subject: '提现 {{orderNo}} 已出款',
    body: '您的提现 {{orderNo}}（{{amount}}）已出款，请留意您的收款账户。',
  },
  withdrawalReturned: {
    subject: '提现 {{orderNo}} 已退回',
    body: '您的提现 {{orderNo}}（{{amount}}）未通过审核，款项已退回余额。原因：{{reason}}',
  },
  withdrawalCancelled: {
    subject: '提现 {{orderNo}} 已取消',
    body: '您的提现 {{orderNo}}（{{amount}}）已取消，款项已退回余额。',
  },
  verificationApproved: {
    subject: '实名认证已通过',
    body: '您的实名认证已通过审核，现在可以使用全部功能。',
  },
  verificationRejected: {
    subject: '实名认证未通过',
    body: '您的实名认证未通过审核。原因：{{reason}}',
    note: '您可以在个人中心修改资料后重新提交。',
  },
};
