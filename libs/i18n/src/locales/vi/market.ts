export default {
  list: {
    name: 'Tên',
    lastPrice: 'Giá mới nhất',
    change24h: 'Biến động 24h',
    volume24h: 'Khối lượng 24h',
    empty: 'Chưa có sản phẩm',
  },
  status: {
    open: 'Đang giao dịch',
    closed: 'Đóng cửa',
    maintenance: 'Đang bảo trì',
  },
  live: {
    on: 'Trực tiếp',
    off: 'Đang kết nối lại',
  },
  home: {
    quickLinks: 'Lối tắt',
    quick: {
      deposit: 'Nạp tiền nhanh',
      trade: 'Giao dịch sản phẩm',
      positions: 'Vị thế của tôi',
      withdrawalMethod: 'Phương thức rút tiền',
      about: 'Về chúng tôi',
      messages: 'Tin nhắn hệ thống',
      service: 'Hỗ trợ trực tuyến',
    },
    comingSoon: 'Hỗ trợ trực tuyến sắp ra mắt',
    recommended: 'Sản phẩm đề xuất',
    allProducts: 'Tất cả sản phẩm',
    highlights: 'Điểm nổi bật của nền tảng',
    highlight: {
      feed: {
        title: 'Giá chỉ đến từ nguồn dữ liệu thị trường',
        text: 'Mọi mức giá đều đến từ nguồn dữ liệu thị trường. Không ai có thể thay đổi giá hay kết quả của bất kỳ lệnh nào.',
      },
      verify: {
        title: 'Mọi lần tất toán đều kiểm chứng được',
        text: 'Mỗi lệnh đã tất toán ghi rõ tick vào và tick ra cùng mã băm khối, để đối chiếu với bản ghi tick công khai.',
      },
      ledger: {
        title: 'Từng xu đều có trong sổ cái',
        text: 'Mọi biến động tiền đều là bút toán cân bằng; lịch sử vốn của bạn chính là sổ cái đó.',
      },
      demo: {
        title: 'Luyện tập với tài khoản demo',
        text: 'Tiền ảo, cùng quy tắc, lịch sử riêng, có thể đặt lại bất cứ lúc nào.',
      },
    },
    privacy: 'Chính sách quyền riêng tư',
    language: 'Ngôn ngữ',
    risk: 'Giao dịch thời hạn cố định có rủi ro cao: bạn có thể mất toàn bộ số tiền đặt. Chỉ giao dịch bằng số tiền bạn chấp nhận mất.',
  },
  products: {
    title: 'Sản phẩm',
    searchLabel: 'Tìm sản phẩm theo tên',
    searchPlaceholder: 'Tìm theo tên sản phẩm',
    noMatch: 'Không có sản phẩm nào khớp với “{{query}}”',
  },
  chart: {
    label: 'Biểu đồ nến',
    interval: 'Khung thời gian',
    empty: 'Chưa có dữ liệu nến',
    intervals: {
      '1m': '1 phút',
      '5m': '5 phút',
      '15m': '15 phút',
      '1h': '1 giờ',
      '1d': 'Ngày',
    },
  },
  detail: {
    quote: 'Báo giá',
    high24h: 'Cao nhất 24h',
    low24h: 'Thấp nhất 24h',
    volume24h: 'Khối lượng 24h',
    amount24h: 'Giá trị giao dịch 24h',
    notFound: 'Không tìm thấy sản phẩm',
  },
  notice: {
    closed: 'Thị trường đang đóng cửa',
    maintenance: 'Sản phẩm này đang bảo trì',
    nextOpen: 'Mở cửa lần tới: {{time}}',
    nextOpenUnknown: 'Chưa có giờ mở cửa',
  },
};
