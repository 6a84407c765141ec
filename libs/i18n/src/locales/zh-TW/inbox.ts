// System messages the server sends to a user, rendered in the reader's language.
export default {
  depositApproved: { title: '充值已入帳', body: '您的充值 {{orderNo}}（{{amount}}）已入帳。' },
  depositRejected: { title: '充值未入帳', body: '您的充值 {{orderNo}}（{{amount}}）未入帳：{{reason}}' },
  withdrawalPaid: { title: '提現已出款', body: '您的提現 {{orderNo}}（{{amount}}）已出款。' },
  withdrawalRejected: { title: '提現已退回', body: '您的提現 {{orderNo}}（{{amount}}）未通過審核，款項已退回餘額：{{reason}}' },
  withdrawalAccountBound: { title: '已綁定提現帳戶', body: '您的提現帳戶 {{masked}} 已綁定。' },
  withdrawalAccountChanged: { title: '提現帳戶已變更', body: '您的提現帳戶已變更為 {{masked}}，{{holdUntil}} 前暫停提現。如非本人操作，請立即修改密碼並聯絡客服。' },
  newLogin: { title: '新裝置登入', body: '您的帳戶於 {{at}} 在新裝置 {{device}}（IP {{ip}}）登入。如非本人操作，請立即修改登入密碼，並在設定中登出其他裝置。' },
  passwordReset: { title: '登入密碼已重設', body: '您的登入密碼已於 {{at}} 透過電子郵件連結重設，所有裝置均已登出。如非本人操作，請立即聯絡客服。' },
  totpEnabled: { title: '已開啟兩步驟驗證', body: '您的帳戶已於 {{at}} 開啟兩步驟驗證。之後登入、提現及變更提現帳戶都需要輸入驗證器 App 的驗證碼。若這不是您本人的操作，請立即聯絡客服。' },
  totpDisabled: { title: '已關閉兩步驟驗證', body: '您的帳戶已於 {{at}} 關閉兩步驟驗證。若這不是您本人的操作，請立即修改登入密碼並聯絡客服。' },
  kycApproved: { title: '實名認證通過', body: '您的實名認證已通過，現在可以提現。' },
  kycRejected: { title: '實名認證未通過', body: '您的實名認證未通過：{{reason}}。{{message}} 請重新提交。' },
  kycRejectedFinal: { title: '實名認證已關閉', body: '您的實名認證未通過：{{reason}}。{{message}} 請聯絡客服。' },
  kycReasons: { unreadable: '照片無法辨識', mismatch: '資料與證件不符', expired: '證件已過期', not_an_id: '非身分證件', incomplete: '缺少證件的一面或資料', duplicate: '此證件號碼已在其他帳號完成認證', other: '請見下方說明' },
  supportReplied: { title: '客服已回覆', body: '線上客服回覆了您的訊息，請到「線上客服」查看。' },
  priceAlert: { title: '價格提醒：{{name}}', body: '{{name}}（{{symbol}}）{{side}}：{{level}}。{{at}} 的價格為 {{price}}。此提醒已完成，如需再次提醒，請到產品頁重新設定。' },
  /** How a price alert's level was reached (`priceAlert`'s side). */
  priceAlertSides: { above: '已上漲至您設定的提醒價位', below: '已下跌至您設定的提醒價位' },
  limitRaisePending: { title: '限額變更等待生效', body: '您調高或取消了「{{limit}}」限額（新值：{{value}}）。變更將於 {{effectiveAt}}（UTC）生效，在此之前仍適用目前的限額。' },
  /** A responsible-trading limit's name (`limitRaisePending`'s limit). */
  limitNames: { depositDay: '每日充值', depositWeek: '每週充值', depositMonth: '每月充值', lossDay: '每日虧損', lossWeek: '每週虧損', lossMonth: '每月虧損', stakePerOrder: '單筆下單金額', reminderMinutes: '連線時間提醒' },
  limitNone: '不設限',
};
