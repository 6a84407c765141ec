/**
 * Mainland Chinese terms that Traditional Chinese (Taiwan) writes differently, each with the Taiwan term
 * to use instead. The zh-TW texts (the locale files, and the server's seeded pages and articles) are
 * checked against this list by tests, so a mainland term does not creep back in. zh-CN keeps them.
 *
 * Only terms that are mainland usage in every context are listed: 文件 (a document, fine in Taiwan; a
 * file is 檔案), 程序 (a procedure; a program is 程式) and 支持 (to back someone; a feature is 支援)
 * depend on their meaning and are reviewed by hand. 充值, 提現 and 餘額寶 are the app's own vocabulary.
 */
export const ZH_TW_MAINLAND_TERMS: readonly (readonly [mainland: string | RegExp, taiwan: string])[] = [
  ['登錄', '登入'],
  ['登陸', '登入'],
  ['退出', '登出（log out）'],
  ['哈希', '雜湊'],
  ['信息', '資訊／訊息'],
  ['賬', '帳（帳號、帳戶）'],
  ['默認', '預設'],
  ['缺省', '預設'],
  ['設置', '設定'],
  ['視頻', '影片'],
  ['網絡', '網路'],
  ['軟件', '軟體'],
  ['硬件', '硬體'],
  ['數據', '資料'],
  ['屏幕', '螢幕'],
  ['點擊', '點選'],
  ['鏈接', '連結'],
  ['服務器', '伺服器'],
  ['短信', '簡訊'],
  ['激活', '啟用'],
  ['二維碼', 'QR Code'],
  ['質量', '品質'],
  ['優化', '最佳化'],
  ['打開', '開啟'],
  ['刷新', '重新整理'],
  ['緩存', '快取'],
  ['用戶', '使用者'],
  ['郵箱', '電子郵件'],
  ['聯繫', '聯絡'],
  ['重置', '重設'],
  ['幣種', '幣別'],
  ['校驗', '檢查碼／驗證'],
  [/手機號(?!碼)/, '手機號碼'],
  ['實時', '即時'],
  ['在線', '線上'],
  ['菜單', '選單'],
  ['搜索', '搜尋'],
  ['加載', '載入'],
  ['界面', '介面'],
  ['窗口', '視窗'],
  ['內存', '記憶體'],
  ['字符', '字元'],
  ['文件夾', '資料夾'],
  ['博客', '部落格'],
];

/** The mainland terms found in a text, each as `mainland → taiwan`. */
export function mainlandTermsIn(text: string): string[] {
  return ZH_TW_MAINLAND_TERMS.filter(([term]) => (typeof term === 'string' ? text.includes(term) : term.test(text))).map(
    ([term, taiwan]) => `${typeof term === 'string' ? term : term.source} → ${taiwan}`,
  );
}
