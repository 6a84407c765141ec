export default {
  offline: {
    title: 'Bạn đang ngoại tuyến',
    text: 'Candor cần kết nối mạng để hiển thị giá và tài khoản của bạn. Hãy kiểm tra kết nối và thử lại.',
    retry: 'Thử lại',
  },
  update: {
    text: 'Đã có phiên bản mới của Candor.',
    reload: 'Cập nhật ngay',
    later: 'Để sau',
  },
};
