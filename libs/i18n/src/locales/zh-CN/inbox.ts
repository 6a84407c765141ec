// System messages the server sends to a user, rendered in the reader's language.
export default {
  depositApproved: { title: '充值已到账', body: '您的充值 {{orderNo}}（{{amount}}）已到账。' },
  depositRejected: { title: '充值未到账', body: '您的充值 {{orderNo}}（{{amount}}）未到账：{{reason}}' },
  withdrawalPaid: { title: '提现已出款', body: '您的提现 {{orderNo}}（{{amount}}）已出款。' },
  withdrawalRejected: { title: '提现已退回', body: '您的提现 {{orderNo}}（{{amount}}）未通过审核，款项已退回余额：{{reason}}' },
  withdrawalAccountBound: { title: '已绑定提现账户', body: '您的提现账户 {{masked}} 已绑定。' },
  withdrawalAccountChanged: { title: '提现账户已变更', body: '您的提现账户已变更为 {{masked}}，{{holdUntil}} 前暂停提现。如非本人操作，请立即修改密码并联系客服。' },
  newLogin: { title: '新设备登录', body: '您的账户于 {{at}} 在新设备 {{device}}（IP {{ip}}）登录。如非本人操作，请立即修改登录密码，并在设置中退出其他设备。' },
  passwordReset: { title: '登录密码已重置', body: '您的登录密码已于 {{at}} 通过邮件链接重置，所有设备均已退出登录。如非本人操作，请立即联系客服。' },
  totpEnabled: { title: '已开启两步验证', body: '您的账户已于 {{at}} 开启两步验证。之后登录、提现及更改提现账户都需要输入验证器 App 的验证码。如果这不是您本人的操作，请立即联系客服。' },
  totpDisabled: { title: '已关闭两步验证', body: '您的账户已于 {{at}} 关闭两步验证。如果这不是您本人的操作，请立即修改登录密码并联系客服。' },
  kycApproved: { title: '实名认证通过', body: '您的实名认证已通过，现在可以提现。' },
  kycRejected: { title: '实名认证未通过', body: '您的实名认证未通过：{{reason}}。{{message}} 请重新提交。' },
  kycRejectedFinal: { title: '实名认证已关闭', body: '您的实名认证未通过：{{reason}}。{{message}} 请联系客服。' },
  kycReasons: { unreadable: '照片无法辨认', mismatch: '资料与证件不符', expired: '证件已过期', not_an_id: '非身份证件', incomplete: '缺少证件的一面或资料', duplicate: '该证件号码已在其他账户完成认证', other: '请见下方说明' },
  supportReplied: { title: '客服已回复', body: '在线客服回复了您的消息，请到“在线客服”查看。' },
  priceAlert: { title: '价格提醒：{{name}}', body: '{{name}}（{{symbol}}）{{side}}：{{level}}。{{at}} 的价格为 {{price}}。此提醒已完成，如需再次提醒，请到产品页重新设置。' },
  /** How a price alert's level was reached (`priceAlert`'s side). */
  priceAlertSides: { above: '已上涨至您设置的提醒价位', below: '已下跌至您设置的提醒价位' },
  limitRaisePending: { title: '限额变更等待生效', body: '您调高或取消了“{{limit}}”限额（新值：{{value}}）。变更将于 {{effectiveAt}}（UTC）生效，在此之前仍适用当前限额。' },
  /** A responsible-trading limit's name (`limitRaisePending`'s limit). */
  limitNames: { depositDay: '每日充值', depositWeek: '每周充值', depositMonth: '每月充值', lossDay: '每日亏损', lossWeek: '每周亏损', lossMonth: '每月亏损', stakePerOrder: '单笔下单金额', reminderMinutes: '在线时长提醒' },
  limitNone: '不设限',
};
