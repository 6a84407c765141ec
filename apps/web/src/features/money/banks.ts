/**
 * Banks the withdrawal-account form offers for a country, each with its national bank code (Taiwan's
 * 3-digit 銀行代碼, the mainland's 3-digit CNAPS bank code, Japan's 4-digit 金融機関コード). A country
 * not listed here, or a bank not in the list ("other"), is typed in full. The value saved is
 * "code name", so operators paying the withdrawal see both.
 */
export interface KnownBank {
  code: string;
  name: string;
}

export const BANKS: Readonly<Record<string, readonly KnownBank[]>> = {
  TW: [
    { code: '004', name: '臺灣銀行' },
    { code: '005', name: '土地銀行' },
    { code: '006', name: '合作金庫' },
    { code: '007', name: '第一銀行' },
    { code: '008', name: '華南銀行' },
    { code: '009', name: '彰化銀行' },
    { code: '011', name: '上海商業銀行' },
    { code: '012', name: '台北富邦銀行' },
    { code: '013', name: '國泰世華銀行' },
    { code: '017', name: '兆豐銀行' },
    { code: '050', name: '臺灣企銀' },
    { code: '700', name: '中華郵政' },
    { code: '803', name: '聯邦銀行' },
    { code: '807', name: '永豐銀行' },
    { code: '808', name: '玉山銀行' },
    { code: '812', name: '台新銀行' },
    { code: '822', name: '中國信託' },
    { code: '824', name: 'LINE Bank 連線銀行' },
    { code: '826', name: '樂天銀行' },
  ],
  CN: [
    { code: '102', name: '中国工商银行' },
    { code: '103', name: '中国农业银行' },
    { code: '104', name: '中国银行' },
    { code: '105', name: '中国建设银行' },
    { code: '301', name: '交通银行' },
    { code: '302', name: '中信银行' },
    { code: '303', name: '中国光大银行' },
    { code: '305', name: '中国民生银行' },
    { code: '306', name: '广发银行' },
    { code: '308', name: '招商银行' },
    { code: '309', name: '兴业银行' },
    { code: '310', name: '上海浦东发展银行' },
    { code: '403', name: '中国邮政储蓄银行' },
  ],
  JP: [
    { code: '0001', name: 'みずほ銀行' },
    { code: '0005', name: '三菱UFJ銀行' },
    { code: '0009', name: '三井住友銀行' },
    { code: '0010', name: 'りそな銀行' },
    { code: '0036', name: '楽天銀行' },
    { code: '0038', name: '住信SBIネット銀行' },
    { code: '9900', name: 'ゆうちょ銀行' },
  ],
};

/** The saved form of a listed bank: its code, a space, its name. */
export function bankValue(bank: KnownBank): string {
  return `${bank.code} ${bank.name}`;
}

/** The listed bank a saved value names (its code and name as saved), or null: then it is shown as "other". */
export function knownBank(country: string, value: string): KnownBank | null {
  return BANKS[country]?.find((b) => bankValue(b) === value.trim()) ?? null;
}
