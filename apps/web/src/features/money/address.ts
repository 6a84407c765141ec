/**
 * The withdrawal account's address, kept in the API's one `region` field (at most 64 characters) and
 * typed in the parts the account's country uses: in Taiwan 縣市 / 鄉鎮市區 / 地址 (joined by spaces, as
 * Taiwanese addresses are written), elsewhere state or province / city / street (joined by ", ").
 */
export const REGION_MAX = 64;

/** Taiwan's 22 counties and cities (縣市), with their English names for other languages. */
export const TW_CITIES: readonly { name: string; en: string }[] = [
  { name: '臺北市', en: 'Taipei City' },
  { name: '新北市', en: 'New Taipei City' },
  { name: '桃園市', en: 'Taoyuan City' },
  { name: '臺中市', en: 'Taichung City' },
  { name: '臺南市', en: 'Tainan City' },
  { name: '高雄市', en: 'Kaohsiung City' },
  { name: '基隆市', en: 'Keelung City' },
  { name: '新竹市', en: 'Hsinchu City' },
  { name: '嘉義市', en: 'Chiayi City' },
  { name: '新竹縣', en: 'Hsinchu County' },
  { name: '苗栗縣', en: 'Miaoli County' },
  { name: '彰化縣', en: 'Changhua County' },
  { name: '南投縣', en: 'Nantou County' },
  { name: '雲林縣', en: 'Yunlin County' },
  { name: '嘉義縣', en: 'Chiayi County' },
  { name: '屏東縣', en: 'Pingtung County' },
  { name: '宜蘭縣', en: 'Yilan County' },
  { name: '花蓮縣', en: 'Hualien County' },
  { name: '臺東縣', en: 'Taitung County' },
  { name: '澎湖縣', en: 'Penghu County' },
  { name: '金門縣', en: 'Kinmen County' },
  { name: '連江縣', en: 'Lienchiang County' },
];

/** The three parts of an address: Taiwan's 縣市 / 區 / 地址, or state / city / street elsewhere. */
export interface AddressParts {
  area: string;
  town: string;
  street: string;
}

export const EMPTY_ADDRESS: AddressParts = { area: '', town: '', street: '' };

/** Whether the country's addresses use Taiwan's parts (縣市 from the list, then 區 and the rest). */
export function usesTaiwanAddress(country: string): boolean {
  return country === 'TW';
}

/** The `region` value of the parts: the filled ones, in order, joined the country's way. */
export function composeAddress(country: string, parts: AddressParts): string {
  const filled = [parts.area, parts.town, parts.street].map((p) => p.trim()).filter((p) => p !== '');
  return filled.join(usesTaiwanAddress(country) ? ' ' : ', ');
}

/** The parts of a saved `region` (to change the account); what cannot be split stays whole in `street`. */
export function parseAddress(country: string, region: string): AddressParts {
  const text = region.trim();
  if (text === '') return EMPTY_ADDRESS;
  if (usesTaiwanAddress(country)) {
    const [area, town, ...rest] = text.split(/\s+/);
    if (area && TW_CITIES.some((c) => c.name === area)) return { area, town: town ?? '', street: rest.join(' ') };
    return { ...EMPTY_ADDRESS, street: text };
  }
  const parts = text.split(', ');
  if (parts.length >= 3) return { area: parts[0]!, town: parts[1]!, street: parts.slice(2).join(', ') };
  return { ...EMPTY_ADDRESS, street: text };
}
