// The explanation page of prices (/pages/prices/prices): loaded with that page, not with the app.
export default {
  title: 'Giá được tạo thế nào',
  intro: 'Tiền thật chỉ giao dịch trên giá từ các sàn công khai mà ai cũng kiểm tra được. Trang này cho biết giá được tạo từ các sàn đó thế nào, điều gì xảy ra khi các sàn im lặng hoặc chênh lệch, và cách bạn tự kiểm tra bất kỳ giá nào.',
  sections: {
    source: {
      title: 'Giá đến từ đâu',
      text: 'Với mỗi sản phẩm có giá từ sàn, chúng tôi đọc dữ liệu thị trường công khai của Binance, OKX, Coinbase và Kraken, là dữ liệu ai cũng đọc được mà không cần tài khoản. Giá của mỗi sàn là giá giữa của giá mua tốt nhất và giá bán tốt nhất: (mua + bán) ÷ 2.\n\nTrang sản phẩm hiển thị báo giá hiện tại của từng sàn, và giá có dùng sàn đó không hoặc vì sao không.',
    },
    rule: {
      title: 'Quy tắc: trung vị của các sàn có giá mới',
      text: 'Một sàn chỉ được tính khi có giá mới, tức là chúng tôi đã nhận dữ liệu từ sàn đó trong {{staleSeconds}} giây gần nhất. Khi có ít nhất {{quorum}} sàn có giá mới, giá là trung vị của các giá giữa của chúng. Sàn nào lệch khỏi trung vị đó quá {{bps}} điểm cơ bản ({{percent}}) sẽ bị loại, và trung vị được tính lại không có sàn đó.\n\nKhông bao giờ trộn đồng tiền định giá: giá USDT đi với giá USDT, USD với USD.',
    },
    halt: {
      title: 'Khi giá tạm dừng',
      text: 'Khi có ít hơn {{quorum}} sàn có giá mới, hoặc các sàn đó chênh lệch quá giới hạn, sẽ không có giá hợp lệ: sản phẩm bị tạm dừng. Giá của nó hiện màu xám kèm lý do (“không đủ sàn” hoặc “các sàn chênh lệch”), không có giá nào được ghi lại, và lệnh mới bị từ chối.\n\nSản phẩm tự tiếp tục ngay khi đủ sàn thống nhất trở lại. Không ai quyết định khi nào: chính quy tắc đã tạm dừng sản phẩm sẽ cho nó chạy lại.',
    },
    expiry: {
      title: 'Lệnh đáo hạn trong lúc tạm dừng',
      text: 'Lệnh có thời điểm đáo hạn rơi vào lúc tạm dừng sẽ được thanh toán theo giá hợp lệ đầu tiên trong vòng {{graceSeconds}} giây sau khi đáo hạn. Nếu không có giá hợp lệ trong {{graceSeconds}} giây đó, lệnh bị hủy, toàn bộ tiền đặt được hoàn lại, và biên nhận ghi rõ lý do. Không lệnh nào mở mãi, và không lệnh nào được thanh toán theo giá không có trong hồ sơ.',
    },
    simulated: {
      title: 'Giá mô phỏng: chỉ cho demo',
      text: 'Một số sản phẩm không có giá sàn công khai miễn phí (ví dụ ngoại hối và kim loại). Giá của chúng đến từ bộ mô phỏng, và ở mọi nơi hiển thị giá đều có nhãn “Giá mô phỏng: chỉ cho demo”. Chỉ tài khoản demo được giao dịch chúng: không có cài đặt nào cho phép dùng tiền thật trên giá mô phỏng.',
    },
    check: {
      title: 'Tự kiểm tra giá',
      text: 'Mỗi tick được lưu cùng mọi báo giá của các sàn đã đọc cho nó, dù được dùng hay bị loại, cùng với quy tắc và các tham số của nó. Các tick của mỗi giây tạo thành một khối có hàm băm chứa hàm băm của khối trước, nên sửa một báo giá về sau sẽ làm đứt chuỗi. Có ba cách kiểm tra:',
    },
  },
  checks: {
    record: 'Hồ sơ tick công khai: mỗi tick liệt kê các báo giá của nó (sàn, giá mua, giá bán, thời gian và mã riêng của sàn, lúc chúng tôi nhận, được dùng hay bị loại). Script này kiểm tra hồ sơ của một sản phẩm và tính lại mọi trung vị từ các báo giá:',
    receipt: 'Biên nhận của lệnh đã thanh toán liệt kê báo giá của tick mở và tick đóng, và trang biên nhận có thể kiểm tra ngay trong trình duyệt của bạn. Script này làm điều tương tự trên máy tính của bạn:',
    venues: 'Lịch sử của chính các sàn: script này lấy giao dịch công khai hoặc nến 1 giây của từng sàn cho giây đó và cho biết mọi báo giá đã ghi có nằm trong khoảng giá của chính sàn đó vào lúc ấy hay không:',
  },
  scripts: 'Các script đi kèm mã nguồn của nền tảng và chỉ cần Node.js.',
};
