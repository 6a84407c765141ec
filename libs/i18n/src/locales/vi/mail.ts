// E-mails the server sends (subject, text, and the same text in HTML), in the recipient's language.
export default {
  greeting: 'Xin chào,',
  linkHint: 'Nếu nút không mở được, hãy sao chép liên kết này vào trình duyệt:',
  signature: 'Đội ngũ Candor',
  footerSecurity: 'Đây là thông báo bảo mật tài khoản nên không thể tắt. Có thắc mắc, vui lòng liên hệ bộ phận hỗ trợ.',
  footerOptional: 'Bạn có thể tắt loại e-mail này trong Cài đặt, mục thông báo e-mail.',
  emailConfirm: {
    subject: 'Vui lòng xác nhận địa chỉ e-mail của bạn',
    body: 'Cảm ơn bạn đã đăng ký Candor. Hãy xác nhận địa chỉ e-mail này bằng nút bên dưới; sau khi xác nhận, bạn có thể rút tiền.',
    action: 'Xác nhận e-mail',
    note: 'Liên kết có hiệu lực trong {{hours}} giờ và chỉ dùng được một lần. Nếu bạn không đăng ký Candor, hãy bỏ qua e-mail này.',
  },
  emailChangeConfirm: {
    subject: 'Vui lòng xác nhận địa chỉ e-mail mới',
    body: 'Bạn đã yêu cầu đổi địa chỉ e-mail của tài khoản Candor thành {{email}}. Hãy xác nhận bằng nút bên dưới; trước đó địa chỉ cũ vẫn được dùng.',
    action: 'Xác nhận địa chỉ mới',
    note: 'Liên kết có hiệu lực trong {{hours}} giờ và chỉ dùng được một lần. Nếu không phải bạn, hãy bỏ qua e-mail này.',
  },
  emailChangeNotice: {
    subject: 'Địa chỉ e-mail của tài khoản sắp thay đổi',
    body: 'Có người yêu cầu đổi địa chỉ e-mail của tài khoản Candor của bạn thành {{email}}. Khi địa chỉ mới được xác nhận, địa chỉ này sẽ không nhận thông báo nữa.',
    note: 'Nếu không phải bạn, hãy đổi mật khẩu đăng nhập ngay và liên hệ bộ phận hỗ trợ.',
  },
  passwordReset: {
    subject: 'Đặt lại mật khẩu đăng nhập',
    body: 'Chúng tôi nhận được yêu cầu đặt lại mật khẩu đăng nhập của tài khoản Candor. Hãy đặt mật khẩu đăng nhập mới bằng nút bên dưới (mật khẩu giao dịch không thay đổi).',
    action: 'Đặt lại mật khẩu',
    note: 'Liên kết có hiệu lực trong {{minutes}} phút và chỉ dùng được một lần. Nếu bạn không yêu cầu, hãy bỏ qua e-mail này; mật khẩu của bạn không đổi.',
  },
  passwordChanged: {
    subject: 'Mật khẩu đăng nhập của bạn đã được đổi',
    body: 'Mật khẩu đăng nhập của tài khoản Candor đã được đổi lúc {{at}}, và mọi thiết bị đã được đăng xuất.',
    note: 'Nếu không phải bạn, hãy đặt lại mật khẩu ngay qua "Quên mật khẩu" và liên hệ bộ phận hỗ trợ.',
  },
  newDevice: {
    subject: 'Tài khoản của bạn đăng nhập trên thiết bị mới',
    body: 'Tài khoản của bạn đã đăng nhập trên thiết bị mới {{device}} (IP {{ip}}) lúc {{at}}.',
    note: 'Nếu không phải bạn, hãy đổi mật khẩu đăng nhập ngay và đăng xuất các thiết bị khác trong Cài đặt.',
  },
  withdrawalRequested: {
    subject: 'Đã nhận yêu cầu rút tiền {{orderNo}}',
    body: 'Yêu cầu rút tiền {{orderNo}} ({{amount}}) đã được gửi; số tiền được tạm giữ trong khi xét duyệt.',
    note: 'Nếu không phải bạn, hãy đổi mật khẩu ngay và liên hệ bộ phận hỗ trợ.',
  },
  withdrawalPaid: {
    subject: 'Lệnh rút tiền {{orderNo}} đã được chi trả',
    body: 'Lệnh rút tiền {{orderNo}} ({{amount}}) đã được chuyển vào tài khoản nhận tiền của bạn.',
  },
  withdrawalReturned: {
    subject: 'Lệnh rút tiền {{orderNo}} bị trả lại',
    body: 'Lệnh rút tiền {{orderNo}} ({{amount}}) không được duyệt và số tiền đã về lại số dư. Lý do: {{reason}}',
  },
  withdrawalCancelled: {
    subject: 'Lệnh rút tiền {{orderNo}} đã bị hủy',
    body: 'Lệnh rút tiền {{orderNo}} ({{amount}}) đã bị hủy và số tiền đã về lại số dư.',
  },
  verificationApproved: {
    subject: 'Xác minh danh tính đã được duyệt',
    body: 'Xác minh danh tính của bạn đã được duyệt; bạn có thể dùng mọi tính năng.',
  },
  verificationRejected: {
    subject: 'Xác minh danh tính không được duyệt',
    body: 'Xác minh danh tính của bạn không được duyệt. Lý do: {{reason}}',
    note: 'Bạn có thể sửa thông tin trong trung tâm tài khoản rồi gửi lại.',
  },
};
