export default {
  welcome: {
    tagline: 'Giao dịch theo thời gian một cách trung thực: giá chỉ đến từ thị trường, mọi đồng tiền đều được ghi sổ.',
    enter: 'Vào nền tảng',
    risk: 'Giao dịch có rủi ro và bạn có thể mất toàn bộ tiền đặt lệnh. Chỉ dùng số tiền bạn chấp nhận mất.',
    points: {
      prices: { title: 'Giá thị trường thật', text: 'Giá chỉ đến từ dữ liệu thị trường. Không ai có thể thay đổi giá hay kết quả.' },
      ledger: { title: 'Mọi đồng tiền đều vào sổ', text: 'Mọi biến động tiền được ghi vào sổ cái kép mà bạn có thể kiểm tra.' },
      verify: { title: 'Thanh toán kiểm chứng được', text: 'Mỗi lệnh ghi rõ tick mở và tick đóng, có thể đối chiếu trong bản ghi công khai.' },
    },
  },
  about: {
    title: 'Về chúng tôi',
    version: 'Phiên bản {{version}}',
    intro: 'Candor là nền tảng giao dịch theo thời gian: bạn mua lên hoặc mua xuống theo giá của sản phẩm sau khoảng thời gian đã chọn, và có thể gửi tiền nhàn rỗi vào Dư Ngạch Bảo để sinh lời. Chúng tôi tin rằng một nền tảng giao dịch phải trung thực nhờ chính cách nó được xây dựng, chứ không chỉ nhờ lời hứa.',
    sections: {
      prices: {
        title: 'Giá chỉ đến từ thị trường',
        text: 'Giá mở lệnh và giá thanh toán đến từ nguồn dữ liệu thị trường và đồng hồ máy chủ. Không có màn hình, cài đặt hay công tắc cơ sở dữ liệu nào có thể thay đổi giá, kết quả hoặc khoản chi trả của một lệnh, kể cả với nhân viên vận hành của chúng tôi.',
      },
      ledger: {
        title: 'Mọi đồng tiền đều nằm trong sổ cái',
        text: 'Nạp tiền, rút tiền, lệnh, chi trả và lợi nhuận Dư Ngạch Bảo đều được ghi thành bút toán kép có tổng bằng không. Lịch sử tài chính của bạn chính là sổ cái đó, nhìn từ phía bạn.',
      },
      verify: {
        title: 'Thanh toán bạn có thể kiểm chứng',
        text: 'Mỗi lệnh đã thanh toán hiển thị tick mở và tick đóng. Bản ghi tick được niêm phong mỗi giây trong các khối liên kết bằng hàm băm và công khai, nên ai cũng có thể xác nhận rằng nó không bị viết lại về sau.',
      },
      selfService: {
        title: 'Tài khoản do bạn làm chủ',
        text: 'Bạn tự đổi mật khẩu đăng nhập và mật khẩu giao dịch bằng mật khẩu cũ, tự thiết lập tài khoản rút tiền (sau khi thay đổi sẽ tạm dừng rút tiền 24 giờ) và có thể xuất toàn bộ lịch sử bất cứ lúc nào. Không có rào cản ẩn.',
      },
      clarity: {
        title: 'Giải thích rõ ràng',
        text: 'Mỗi khi yêu cầu bị từ chối, bạn được biết lý do bằng ngôn ngữ của mình, và không có gì bị bỏ dở giữa chừng. Lãi suất Dư Ngạch Bảo luôn được hiển thị theo ngày cùng với mức quy đổi theo năm.',
      },
    },
  },
  privacy: {
    title: 'Chính sách quyền riêng tư',
    updated: 'Áp dụng cho phiên bản 1.0.0',
    intro: 'Chính sách này giải thích chúng tôi lưu dữ liệu gì, vì sao, trong bao lâu và bảo vệ dữ liệu như thế nào. Chúng tôi chỉ thu thập những gì cần để cung cấp dịch vụ.',
    rightsLink: 'Xem quyền của bạn và cảnh báo rủi ro',
    sections: {
      collect: {
        title: 'Dữ liệu chúng tôi lưu',
        text: 'Dữ liệu tài khoản: email, số điện thoại, biệt danh, người đã mời bạn, và mật khẩu đăng nhập cùng mật khẩu giao dịch được băm bằng argon2id (chúng tôi không thể biết mật khẩu gốc).\n\nDữ liệu giao dịch và tài chính: lệnh, bút toán sổ cái, lịch sử nạp và rút tiền, thông tin tài khoản rút tiền. Khi xác minh danh tính: họ tên, số giấy tờ và ảnh giấy tờ bạn gửi.\n\nDữ liệu phiên đăng nhập: thời điểm tạo và dùng lần cuối của mỗi phiên, trình duyệt và địa chỉ IP, để phần Cài đặt hiển thị các thiết bị đang đăng nhập.',
      },
      use: {
        title: 'Chúng tôi dùng dữ liệu để làm gì',
        text: 'Chỉ để mở và duy trì tài khoản, thực hiện và thanh toán giao dịch, xử lý nạp và rút tiền, xác minh danh tính theo quy định pháp luật, bảo vệ tài khoản (ví dụ giới hạn số lần đăng nhập) và trả lời yêu cầu hỗ trợ của bạn. Chúng tôi không dùng dữ liệu cho quảng cáo và không bán dữ liệu.',
      },
      device: {
        title: 'Dữ liệu trên thiết bị của bạn',
        text: 'Bộ nhớ cục bộ của trình duyệt chỉ lưu ngôn ngữ bạn chọn và trạng thái ứng dụng không bí mật. Phiên đăng nhập được giữ trong cookie bảo mật chỉ dùng cho HTTP mà mã trên trang không đọc được, còn mã truy cập ngắn hạn chỉ nằm trong bộ nhớ. Xóa bộ nhớ đệm trong Cài đặt sẽ xóa các dữ liệu này và kết thúc phiên.',
      },
      retention: {
        title: 'Lưu trong bao lâu',
        text: 'Chúng tôi lưu dữ liệu trên trong thời gian tài khoản còn hoạt động. Khi tài khoản đóng, hồ sơ tài chính và giao dịch được lưu theo thời hạn pháp luật yêu cầu với chứng từ tài chính, phần còn lại bị xóa. Các phiên đăng nhập đã kết thúc sẽ hết hạn.',
      },
      sharing: {
        title: 'Ai có thể xem',
        text: 'Nhân viên được ủy quyền chỉ xem dữ liệu khi xử lý yêu cầu của bạn (ví dụ xét duyệt nạp tiền, rút tiền hoặc xác minh), và mọi thao tác của nhân viên vận hành đều được ghi vào nhật ký kiểm toán không thể sửa. Chúng tôi không cung cấp dữ liệu cho bên thứ ba trừ khi pháp luật yêu cầu.',
      },
      security: {
        title: 'Cách dữ liệu được bảo vệ',
        text: 'Mọi truy vấn đều giới hạn theo người dùng đang đăng nhập: không ai đọc được lệnh, lịch sử, tin nhắn hay ảnh giấy tờ của người khác. Ảnh giấy tờ được lưu ngoài thư mục web và chỉ hiển thị cho bạn và người xét duyệt. Đăng nhập, đăng ký và mã xác minh đều bị giới hạn tần suất.',
      },
    },
  },
  rights: {
    title: 'Quyền của bạn và cảnh báo rủi ro',
    intro: 'Bạn có các quyền sau đối với tài khoản và dữ liệu của mình. Phần lớn bạn có thể tự thực hiện trong ứng dụng mà không cần chờ bộ phận hỗ trợ.',
    sections: {
      access: {
        title: 'Xem dữ liệu',
        text: 'Trung tâm cá nhân, lệnh và lịch sử tài chính hiển thị mọi thông tin chúng tôi lưu về hoạt động của bạn, kể cả các tick mà mỗi lần thanh toán đã dùng.',
      },
      correct: {
        title: 'Sửa dữ liệu',
        text: 'Bạn có thể tự đổi biệt danh và tài khoản rút tiền. Nếu thông tin khác bị sai, bộ phận hỗ trợ sẽ sửa giúp bạn.',
      },
      export: {
        title: 'Xuất dữ liệu',
        text: 'Bạn có thể xuất toàn bộ lịch sử lệnh và tài chính để tự kiểm tra hoặc lưu giữ.',
      },
      password: {
        title: 'Tự đổi mật khẩu',
        text: 'Chỉ cần mật khẩu cũ, bạn có thể đổi mật khẩu đăng nhập hoặc mật khẩu giao dịch trong Cài đặt. Ở đó cũng liệt kê mọi thiết bị đang đăng nhập và cho phép bạn đăng xuất bất kỳ thiết bị nào.',
      },
      withdraw: {
        title: 'Rút tiền của bạn',
        text: 'Số dư khả dụng thuộc về bạn. Để bảo vệ số tiền đó, việc rút tiền tạm dừng 24 giờ sau khi tài khoản rút tiền thay đổi; quy tắc này như nhau với mọi người và được hiển thị rõ ràng.',
      },
      close: {
        title: 'Đóng tài khoản',
        text: 'Bạn có thể yêu cầu đóng tài khoản. Hãy rút hết số dư trước; ngoài hồ sơ tài chính mà pháp luật buộc chúng tôi lưu giữ, dữ liệu của bạn sẽ bị xóa.',
      },
      risk: {
        title: 'Cảnh báo rủi ro',
        text: 'Kết quả của giao dịch theo thời gian phụ thuộc vào giá thị trường lúc đáo hạn, và lệnh thua sẽ mất toàn bộ tiền đặt lệnh. Kết quả trong quá khứ không đảm bảo tương lai. Chỉ giao dịch bằng số tiền bạn chấp nhận mất, và hãy thử tài khoản demo trước để nắm luật.',
      },
    },
  },
  news: {
    title: 'Tin tức',
    emptyTitle: 'Chưa có tin tức',
    emptyText: 'Tin thị trường và thông báo của nền tảng sẽ xuất hiện ở đây khi được đăng.',
  },
};
