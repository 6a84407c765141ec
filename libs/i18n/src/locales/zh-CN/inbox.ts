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
  kycApproved: { title: '实名认证通过', body: '您的实名认证已通过，现在可以提现。' },
  kycRejected: { title: '实名认证未通过', body: '您的实名认证未通过：{{reason}}。{{message}} 请重新提交。' },
  kycRejectedFinal: { title: '实名认证已关闭', body: '您的实名认证未通过：{{reason}}。{{message}} 请联系客服。' },
  kycReasons: { unreadable: '照片无法辨认', mismatch: '资料与证件不符', expired: '证件已过期', not_an_id: '非身份证件', incomplete: '缺少证件的一面或资料', duplicate: '该证件号码已在其他账户完成认证', other: '请见下方说明' },
};
