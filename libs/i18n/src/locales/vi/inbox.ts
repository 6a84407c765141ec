// System messages the server sends to a user, rendered in the reader's language.
export default {
  depositApproved: { title: 'Đã cộng tiền nạp', body: 'Khoản nạp {{orderNo}} số tiền {{amount}} đã được cộng.' },
  depositRejected: { title: 'Tiền nạp không được cộng', body: 'Khoản nạp {{orderNo}} số tiền {{amount}} không được cộng: {{reason}}' },
  withdrawalPaid: { title: 'Đã chi trả rút tiền', body: 'Khoản rút {{orderNo}} số tiền {{amount}} đã được chi trả.' },
  withdrawalRejected: { title: 'Đã hoàn tiền rút', body: 'Khoản rút {{orderNo}} số tiền {{amount}} bị từ chối và tiền đã về số dư: {{reason}}' },
  withdrawalAccountBound: { title: 'Đã liên kết tài khoản rút tiền', body: 'Tài khoản rút tiền {{masked}} đã được liên kết.' },
  withdrawalAccountChanged: { title: 'Đã đổi tài khoản rút tiền', body: 'Tài khoản rút tiền đã đổi thành {{masked}}. Tạm dừng rút tiền đến {{holdUntil}}. Nếu không phải bạn, hãy đổi mật khẩu và liên hệ hỗ trợ.' },
  newLogin: { title: 'Đăng nhập từ thiết bị mới', body: 'Tài khoản của bạn đã đăng nhập trên thiết bị mới {{device}} (IP {{ip}}) lúc {{at}}. Nếu không phải bạn, hãy đổi mật khẩu đăng nhập ngay và đăng xuất các thiết bị khác trong Cài đặt.' },
  passwordReset: { title: 'Đã đặt lại mật khẩu đăng nhập', body: 'Mật khẩu đăng nhập của bạn đã được đặt lại qua liên kết e-mail lúc {{at}}, và mọi thiết bị đã được đăng xuất. Nếu không phải bạn, hãy liên hệ bộ phận hỗ trợ ngay.' },
  totpEnabled: { title: 'Đã bật xác thực hai bước', body: 'Xác thực hai bước đã được bật cho tài khoản của bạn lúc {{at}}. Từ nay, đăng nhập, rút tiền và thay đổi tài khoản rút tiền sẽ cần mã từ ứng dụng xác thực. Nếu không phải bạn, hãy liên hệ bộ phận hỗ trợ ngay.' },
  totpDisabled: { title: 'Đã tắt xác thực hai bước', body: 'Xác thực hai bước đã được tắt cho tài khoản của bạn lúc {{at}}. Nếu không phải bạn, hãy đổi mật khẩu đăng nhập và liên hệ bộ phận hỗ trợ ngay.' },
  kycApproved: { title: 'Đã xác minh danh tính', body: 'Danh tính của bạn đã được xác minh. Bây giờ bạn có thể rút tiền.' },
  kycRejected: { title: 'Xác minh không được chấp nhận', body: 'Xác minh danh tính của bạn không được chấp nhận: {{reason}}. {{message}} Vui lòng gửi lại.' },
  kycRejectedFinal: { title: 'Đã đóng xác minh', body: 'Xác minh danh tính của bạn không được chấp nhận: {{reason}}. {{message}} Vui lòng liên hệ bộ phận hỗ trợ.' },
  kycReasons: { unreadable: 'không đọc được ảnh', mismatch: 'thông tin không khớp với giấy tờ', expired: 'giấy tờ đã hết hạn', not_an_id: 'đây không phải giấy tờ tùy thân', incomplete: 'thiếu một mặt hoặc một thông tin', duplicate: 'số này đã được xác minh ở tài khoản khác', other: 'xem tin nhắn bên dưới' },
  supportReplied: { title: 'CSKH đã trả lời', body: 'Bộ phận chăm sóc khách hàng đã trả lời tin nhắn của bạn. Mở Hỗ trợ trực tuyến để xem.' },
  priceAlert: { title: 'Cảnh báo giá: {{name}}', body: '{{name}} ({{symbol}}) {{side}}: {{level}}. Giá lúc {{at}} là {{price}}. Cảnh báo này đã hoàn tất; hãy đặt cảnh báo mới ở trang sản phẩm nếu cần.' },
  /** How a price alert's level was reached (`priceAlert`'s side). */
  priceAlertSides: { above: 'đã tăng đến giá cảnh báo của bạn', below: 'đã giảm đến giá cảnh báo của bạn' },
  limitRaisePending: { title: 'Thay đổi hạn mức đang chờ', body: 'Bạn đã tăng hoặc bỏ hạn mức {{limit}} (giá trị mới: {{value}}). Thay đổi có hiệu lực lúc {{effectiveAt}} (UTC); đến lúc đó hạn mức hiện tại vẫn áp dụng.' },
  /** A responsible-trading limit's name (`limitRaisePending`'s limit). */
  limitNames: { depositDay: 'Nạp theo ngày', depositWeek: 'Nạp theo tuần', depositMonth: 'Nạp theo tháng', lossDay: 'Lỗ theo ngày', lossWeek: 'Lỗ theo tuần', lossMonth: 'Lỗ theo tháng', stakePerOrder: 'Số tiền mỗi lệnh', reminderMinutes: 'Nhắc thời gian phiên' },
  limitNone: 'không giới hạn',
};
