// System messages the server sends to a user, rendered in the reader's language.
export default {
  depositApproved: { title: 'เงินฝากเข้าบัญชีแล้ว', body: 'เงินฝาก {{orderNo}} จำนวน {{amount}} เข้าบัญชีแล้ว' },
  depositRejected: { title: 'เงินฝากไม่เข้าบัญชี', body: 'เงินฝาก {{orderNo}} จำนวน {{amount}} ไม่เข้าบัญชี: {{reason}}' },
  withdrawalPaid: { title: 'จ่ายเงินถอนแล้ว', body: 'การถอน {{orderNo}} จำนวน {{amount}} จ่ายออกแล้ว' },
  withdrawalRejected: { title: 'คืนเงินถอนแล้ว', body: 'การถอน {{orderNo}} จำนวน {{amount}} ถูกปฏิเสธและเงินกลับเข้ายอดคงเหลือแล้ว: {{reason}}' },
  withdrawalAccountBound: { title: 'ผูกบัญชีถอนเงินแล้ว', body: 'ผูกบัญชีถอนเงิน {{masked}} แล้ว' },
  withdrawalAccountChanged: { title: 'เปลี่ยนบัญชีถอนเงินแล้ว', body: 'บัญชีถอนเงินถูกเปลี่ยนเป็น {{masked}} ระงับการถอนจนถึง {{holdUntil}} หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านและติดต่อฝ่ายบริการ' },
  newLogin: { title: 'เข้าสู่ระบบจากอุปกรณ์ใหม่', body: 'มีการเข้าสู่ระบบบัญชีของคุณจากอุปกรณ์ใหม่ {{device}} (IP {{ip}}) เมื่อ {{at}} หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านเข้าสู่ระบบทันทีและออกจากระบบอุปกรณ์อื่นในการตั้งค่า' },
  passwordReset: { title: 'รีเซ็ตรหัสผ่านเข้าสู่ระบบแล้ว', body: 'รหัสผ่านเข้าสู่ระบบของคุณถูกรีเซ็ตผ่านลิงก์ทางอีเมลเมื่อ {{at}} และทุกอุปกรณ์ได้ออกจากระบบแล้ว หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการลูกค้าทันที' },
};
