import type { ContentLink, Locale } from '@candor/contracts';
import { PAGES_BY_LOCALE, type PageSlug, type PageText } from './seed-pages.js';

/**
 * What a new platform starts with (issue 47): the privacy, rights and about pages in every language, three articles on how the
 * platform works, a banner, the highlights and the Taipei office; operators edit or remove any of it. Articles, banner and
 * highlights are in zh-TW and English (other languages fall back to zh-TW).
 */
export interface SeedContent {
  pages: Record<PageSlug, Partial<Record<Locale, { title: string; bodyHtml: string }>>>;
  articles: { key: string; publishedDaysAgo: number; translations: Partial<Record<Locale, { title: string; summary: string; bodyHtml: string }>> }[];
  banners: { key: string; translations: Partial<Record<Locale, { title: string }>>; link: ContentLink }[];
  highlights: { key: string; translations: Partial<Record<Locale, { title: string; summary: string }>>; link: ContentLink }[];
  offices: { key: string; translations: Partial<Record<Locale, { name: string; address: string; hours: string }>>; latitude: number; longitude: number }[];
}

type ArticleText = { title: string; summary: string; bodyHtml: string };

// Texts are tagged templates so that they read as written: a title line (for an article, then its summary)
// and the HTML, one block per line, stored with the line breaks removed.
function article(text: TemplateStringsArray): ArticleText {
  const [title = '', summary = '', ...blocks] = text[0].split('\n');
  return { title, summary, bodyHtml: blocks.join('') };
}
const PRICES_EN = article`How our prices are made
Every real-money price on Candor is the median of live quotes from public exchanges, and every tick is hash-chained and published so that anyone can check it.
<p>A trading platform that sets its own prices can decide who wins. Candor is built so that it cannot: a real-money order opens and closes only on prices made from public exchanges, by a fixed rule that anyone can work out again.</p>
<h2>Where the quotes come from</h2><p>The price feed listens to the public WebSocket streams of Binance, OKX, Coinbase Exchange and Kraken. No account or key is involved: these are the same best bid and ask quotes that anyone visiting those exchanges can see. For each product the feed keeps the latest quote from every exchange that lists its market, and all of a product’s markets quote in one currency, so a median never mixes USDT with USD.</p>
<h2>The rule: the median of the mids</h2><p>Every time a product ticks, a rule called <em>median-of-mids</em> runs on the latest quotes:</p><ul><li>Each exchange’s price is its mid, (bid + ask) / 2, computed exactly on the decimal numbers the exchange sent.</li><li>A quote that is invalid, in another currency, or older than 5 seconds is dropped.</li><li>At least three fresh quotes must remain: this is the <strong>quorum</strong>.</li><li>The median of the remaining mids is taken, and a mid more than 50 basis points (0.5 %) away from it is dropped as an outlier: this is the <strong>maximum deviation</strong>.</li><li>The price is the median of the mids that are left, rounded to the product’s decimals. How far apart they are is shown as the price’s confidence.</li></ul><p>A median is hard to push around: one exchange with a stray quote cannot move it, and a quote that strays too far is left out altogether. Each product’s page in the app shows every exchange’s quote as it happens: its mid, how old it is, and whether it is used or why it was dropped.</p>
<h2>When the exchanges disagree, trading stops</h2><p>If fewer than three exchanges have a fresh quote, or the quotes still spread wider than the maximum deviation, there is no price. The product is <strong>halted</strong>: new orders are refused, the app says why (too few exchanges, or exchanges that disagree), and the halt is written to the record. It ends by itself with the next valid price. An order whose expiry falls in a halt settles on the first valid price within 10 seconds after its expiry; if none comes, the order is voided and its whole stake returned. No order ever settles on a price that is not in the record.</p>
<h2>Every tick is recorded and chained</h2><p>Each tick is stored with every quote it was made from, used or dropped, the reason for each drop, and the rule’s settings. The ticks of each second are sealed into a block whose SHA-256 hash includes the previous block’s hash, so changing any past tick would break every hash after it. The blocks are public: anyone can download them, check the chain, and work out each median again from the recorded quotes.</p>
<h2>What operators cannot do</h2><p>No screen, setting or database switch lets our staff change a price, an outcome or a payout. A change to a product’s decimals, exchange markets or trading hours is announced at least 24 hours ahead, takes effect at a recorded second, and never reaches an order that is already open. Products without a free public source, such as forex and metals, run on a simulator and are marked as demo only: real money never trades on them.</p>`;
const PRICES_ZH_TW = article`我們的價格是怎麼來的
Candor 的每一個真實資金價格，都是公開交易所即時報價的中位數；每一筆報價點都以雜湊串連並公開，任何人都能核對。
<p>一個自己定價的交易平台，就能決定誰輸誰贏。Candor 的設計讓這件事做不到：真實資金的訂單只會在由公開交易所報價算出的價格上開倉和平倉，而計算的規則固定、公開，任何人都能重算一次。</p>
<h2>報價從哪裡來</h2><p>價格來源讀取 Binance、OKX、Coinbase Exchange 和 Kraken 的公開 WebSocket 行情，不需要任何帳號或金鑰：這就是任何人在這些交易所都看得到的最佳買價和賣價。對每個產品，系統保留每家交易所最新的一筆報價；同一產品的所有市場都以同一種貨幣報價，中位數不會把 USDT 和 USD 混在一起。</p>
<h2>規則：中間價的中位數</h2><p>產品每產生一筆報價點，就用最新的報價執行名為 <em>median-of-mids</em> 的規則：</p><ul><li>每家交易所的價格是它的中間價，也就是（買價 + 賣價）÷ 2，直接以交易所送來的十進位數字精確計算。</li><li>無效的報價、其他貨幣的報價，以及超過 5 秒的舊報價都會被剔除。</li><li>剩下的新鮮報價至少要有三家，這是<strong>最低家數</strong>。</li><li>先取剩餘中間價的中位數，偏離它超過 50 個基點（0.5%）的中間價視為離群值而剔除，這是<strong>最大偏離</strong>。</li><li>價格就是剩下中間價的中位數，依產品的小數位數四捨五入；它們彼此的差距則顯示為價格的可信度。</li></ul><p>中位數很難被操縱：一家交易所的異常報價推不動它，偏離太多還會被直接剔除。應用程式中每個產品的頁面都即時列出各家交易所的報價：中間價、收到多久了，以及是否被採用或被剔除的原因。</p>
<h2>交易所意見不一時，交易就暫停</h2><p>如果報價新鮮的交易所不足三家，或剔除離群值後報價的差距仍超過最大偏離，就沒有價格。產品會<strong>暫停交易</strong>：新訂單會被拒絕，應用程式會說明原因（交易所太少，或交易所之間意見不一），暫停本身也會寫入記錄。下一個有效價格出現時，暫停自動結束。到期時間落在暫停期間的訂單，會以到期後 10 秒內的第一個有效價格結算；若這段時間內沒有有效價格，訂單作廢，本金全額退回。沒有任何訂單會以記錄以外的價格結算。</p>
<h2>每一筆報價點都被記錄並串連</h2><p>每一筆報價點都會連同它所依據的全部交易所報價一起保存，不論是否採用，被剔除的也註明原因，並記下規則的參數。每一秒的報價點封裝成一個區塊，區塊的 SHA-256 雜湊包含上一個區塊的雜湊，因此事後改動任何一筆過去的報價點，都會讓之後所有的雜湊對不上。這些區塊是公開的：任何人都能下載、核對雜湊鏈，並用記錄下的報價重算每一個中位數。</p>
<h2>營運人員做不到的事</h2><p>平台人員沒有任何介面、設定或資料庫開關可以改變價格、結果或派彩。產品的小數位數、交易所市場或交易時間若要變更，至少提前 24 小時公告，在記錄中的某一秒生效，而且不會影響任何已開倉的訂單。外匯和貴金屬等沒有免費公開報價來源的產品，使用模擬價格並標示為僅限模擬帳號，真實資金不會以模擬價格交易。</p>`;
const VERIFY_EN = article`How to check an order yourself
Each receipt names the ticks an order opened and closed on; with the public tick record, the check on your device or the verify-chain script you can confirm its price, result and payout.
<p>You should not have to take our word for how an order was settled. Every order on Candor comes with a receipt that says exactly which prices it used, and the record behind those prices is public. Here is what to look at, and how to check it.</p>
<h2>1. Open the receipt</h2><p>In <strong>My positions</strong>, open an order and choose <strong>View receipt</strong>. The receipt shows the terms the order opened with, such as its price decimals and the exchanges it is priced from, and two ticks: the <strong>entry tick</strong> it opened on and the <strong>exit tick</strong> it closed on. Each tick has its sequence number, its time, its price, the second of the block it was sealed in and that block’s hash. Under each price you can open the exchange quotes it was made from: every exchange’s bid, ask and mid, which quotes were used, and why any was dropped.</p>
<h2>2. Check each price against its quotes</h2><p>Take the mids that were used and find their median; rounded to the order’s decimals, it must equal the tick’s price. Each used mid must lie within 0.5 % of the median, and at least three exchanges must have been used.</p>
<h2>3. Check the settlement rule</h2><ul><li>The exit tick must be the last tick at or before the expiry time.</li><li>Up wins when the exit price is above the entry price, down wins when it is below; equal prices are a tie and the stake is refunded.</li><li>A win pays back the stake plus the stake times the rate, rounded down to the cent.</li><li>If the expiry fell in a halt, the receipt says so and names the halt: the order closes on the first valid tick within the grace period, or is voided with its whole stake returned.</li></ul>
<h2>4. Check the record itself</h2><p>A receipt is only as good as the record it comes from, so the record can be checked too. The ticks of every second form a block, and each block’s SHA-256 hash includes the hash of the block before it: changing any tick afterwards would change its block’s hash and break every link after it. There are three ways to check:</p><ul><li><strong>On your device.</strong> The receipt’s <em>Verify on this device</em> button downloads the public blocks of the order’s period, recomputes the hash chain in your browser and checks both ticks, the result and the amounts against the rules.</li><li><strong>By hand.</strong> The receipt’s technical details give the public addresses of those blocks and ticks, which anyone can read without logging in.</li><li><strong>With the script.</strong> From the platform’s source code, run <strong>node scripts/verify-chain.mjs</strong>; the receipt shows the full command with the order’s product and seconds. It recomputes every block hash and link, and for each tick made from exchanges it applies the median rule again to the recorded quotes. <strong>node scripts/verify-receipt.mjs</strong> checks one order against the record and the terms it opened with, and <strong>node scripts/verify-venues.mjs</strong> compares the recorded quotes with the exchanges’ own public trade history.</li></ul>
<h2>If something does not match</h2><p>Keep the receipt and contact customer service. Exposing a difference is exactly what the record is for: the receipt, the blocks and the exchanges’ own history let anyone, not only us, see where it lies.</p>`;
const VERIFY_ZH_TW = article`如何自行核對一筆訂單
每筆訂單的交易憑證都列出開倉和平倉所用的報價點；透過公開的報價記錄、裝置上的核對功能或 verify-chain 指令，您可以自行確認價格、結果和派彩。
<p>訂單怎麼結算，您不必只相信我們的說法。Candor 的每一筆訂單都有一張交易憑證，清楚列出它用了哪些價格，而這些價格背後的記錄是公開的。以下說明要看什麼，以及如何核對。</p>
<h2>一、開啟交易憑證</h2><p>在<strong>我的持倉</strong>中開啟一筆訂單，點選<strong>查看憑證</strong>。憑證會列出訂單開倉時的條件，例如價格的小數位數和定價所依據的交易所，以及兩筆報價點：開倉用的<strong>開倉報價</strong>和平倉用的<strong>平倉報價</strong>。每一筆都有序號、時間、價格、封裝它的區塊秒和該區塊的雜湊。在每個價格下方，還可以展開構成它的交易所報價：每家交易所的買價、賣價和中間價，哪些被採用，以及被剔除的原因。</p>
<h2>二、用報價核對每個價格</h2><p>取被採用的中間價，求出它們的中位數，依訂單的小數位數四捨五入後，必須等於報價點的價格。每個被採用的中間價與中位數的差距都不能超過 0.5%，而且至少要有三家交易所被採用。</p>
<h2>三、核對結算規則</h2><ul><li>平倉報價必須是到期時間當下或之前的最後一筆報價點。</li><li>平倉價高於開倉價時買漲獲勝，低於開倉價時買跌獲勝；價格相同為平手，本金全額退回。</li><li>獲勝時拿回本金，再加上本金乘以收益率，金額無條件捨去到分。</li><li>如果到期時間落在暫停期間，憑證會註明並指出是哪一次暫停：訂單以寬限期內的第一筆有效報價點結算，或者作廢並全額退回本金。</li></ul>
<h2>四、核對記錄本身</h2><p>憑證上的數字只有在記錄可信時才有意義，所以記錄本身也可以核對。每一秒的報價點組成一個區塊，每個區塊的 SHA-256 雜湊都包含前一個區塊的雜湊：事後改動任何一筆報價點，都會改變它所在區塊的雜湊，並讓之後的每一個連結斷開。核對方式有三種：</p><ul><li><strong>在您的裝置上。</strong>憑證上的「在此裝置上核對」按鈕會下載這段期間的公開區塊，在您的瀏覽器中重算雜湊鏈，並依規則核對兩筆報價點、結果和金額。</li><li><strong>自己查詢。</strong>憑證的技術細節列出這些區塊和報價點的公開網址，任何人不必登入就能讀取。</li><li><strong>執行指令。</strong>在平台的原始碼中執行 <strong>node scripts/verify-chain.mjs</strong>，憑證上會列出帶有這筆訂單的產品和秒數的完整指令。它會重算每個區塊的雜湊和連結，並對每一筆來自交易所的報價點，用記錄下來的報價重新套用中位數規則。<strong>node scripts/verify-receipt.mjs</strong> 依記錄和開倉條件核對單筆訂單，<strong>node scripts/verify-venues.mjs</strong> 則把記錄的報價與交易所自己的公開成交紀錄比對。</li></ul>
<h2>如果有對不上的地方</h2><p>請保留憑證並聯絡客服。找出差異正是這份記錄存在的目的：憑證、區塊和交易所自己的歷史紀錄，讓任何人（不只是我們）都能看出差異在哪裡。</p>`;
const EARN_EN = article`Who pays Yu’e Bao’s income?
Yu’e Bao’s income is paid by the platform out of its own account at a rate the operators set; your money is not invested anywhere.
<p>Yu’e Bao is where you keep money you are not trading: move it in from your balance, it earns an income every day, and you can move it back. A fair question about anything that pays income is where the income comes from. On Candor the answer is short: the platform pays it.</p>
<h2>The platform pays, from its own account</h2><p>Yu’e Bao is not a fund. The money you move in is not lent out, invested or traded on your behalf, and there is no portfolio whose returns are passed on to you. Each day’s income is an expense of the platform, paid from the platform’s own interest expense account in the ledger into your Yu’e Bao balance. Nobody but the platform stands behind it.</p>
<h2>The rate is a setting, shown as it is</h2><p>Because the income is not earned by investing, the rate is not a market result: it is a daily rate the operators set. The Yu’e Bao page shows it per day and as its annual equivalents, both simple (the daily rate times 365) and compounded (what a year of income earning income would make), next to what 10,000 earned on the last posted day and the seven-day annualised yield worked out from the income actually paid. A change of rate is never retroactive: it applies from the next posting whose cut-off is still to come, and earlier days keep the old rate.</p>
<h2>How the income is worked out</h2><ul><li>A transfer in is confirmed at the daily cut-off of the next trading day after its trade date, never on a weekend or a holiday.</li><li>Confirmed money earns the day’s rate for each whole day it is held, every calendar day, weekends and holidays included.</li><li>Each day’s income is rounded down to the cent and posted at the next day’s cut-off into your Yu’e Bao balance, where it earns in turn.</li><li>Money can be moved out one day after it came in; money moved out during a day earns nothing for that day.</li></ul><p>The Yu’e Bao rules page shows the current cut-off time, time zone, rate, limits and minimum, and each transfer in shows its trade date, when it is confirmed, when its first income arrives and when it can be moved out.</p>
<h2>Every payment is in the ledger</h2><p>Each income payment is one ledger entry per user and day, from the platform’s interest expense account to your confirmed Yu’e Bao balance, and a unique key makes sure a day is never paid twice or skipped: if the payment job runs late, it catches up day by day and pays exactly what an on-time run would have paid. You see each payment in your Yu’e Bao records and in your capital records, and the same ledger check that covers trading covers Yu’e Bao.</p>
<h2>What this means for you</h2><p>The income depends on the platform keeping its promise to pay, not on any market, and the rate may change for days still to come. Move in only money you are comfortable keeping on the platform, and read the rate’s annual equivalents before you do.</p>`;
const EARN_ZH_TW = article`餘額寶的收益由誰支付？
餘額寶的收益由平台從自己的科目支付，利率是營運人員設定的數值，您的資金不會被拿去投資。
<p>餘額寶是存放暫時不交易的資金的地方：從餘額轉入，每天產生收益，也可以轉回。對任何會付收益的東西，都值得問一句：收益從哪裡來？在 Candor，答案很簡單：由平台支付。</p>
<h2>由平台以自己的科目支付</h2><p>餘額寶不是基金。您轉入的資金不會被借出、投資或代為交易，也沒有任何投資組合把報酬轉給您。每一天的收益都是平台的一筆費用，從平台帳本中自己的利息支出科目付進您的餘額寶。除了平台，沒有其他人為它擔保。</p>
<h2>利率是一個設定，如實顯示</h2><p>收益不是投資賺來的，所以利率也不是市場的結果，而是營運人員設定的日利率。餘額寶頁面會顯示日利率，以及換算後的年化利率：單利（日利率乘以 365）和複利（收益再生收益一年後的結果），旁邊還有最近一個入帳日每萬元的收益，以及依實際發放的收益計算的七日年化收益率。利率變更不會追溯：它從下一次截止時間尚未到來的入帳開始適用，之前的日子仍按舊利率計算。</p>
<h2>收益如何計算</h2><ul><li>轉入的資金在其交易日之後的下一個交易日截止時間確認，週末和假日不會確認。</li><li>已確認的資金，每完整持有一天就按當天的利率產生收益，每個日曆日都算，週末和假日也不例外。</li><li>每天的收益無條件捨去到分，在隔天的截止時間存入您的餘額寶，之後同樣產生收益。</li><li>資金轉入滿一天後即可轉出；當天轉出的資金，當天沒有收益。</li></ul><p>餘額寶規則頁面會顯示目前的截止時間、時區、利率、限額和最低金額；每一筆轉入也會列出交易日、確認時間、首筆收益入帳日，以及何時可以轉出。</p>
<h2>每一筆收益都記在帳本上</h2><p>每一筆收益都是每位使用者每天一筆帳本分錄，從平台的利息支出科目轉入您已確認的餘額寶餘額；唯一鍵確保同一天不會重複發放，也不會漏發。即使發放作業延遲，它也會逐日補上，金額與準時發放完全相同。您可以在餘額寶紀錄和資金記錄中看到每一筆收益，而檢查交易的同一套帳本核對也涵蓋餘額寶。</p>
<h2>這對您代表什麼</h2><p>收益取決於平台是否履行付款的承諾，而不是任何市場；未來日子的利率也可能調整。請只轉入您願意放在平台上的資金，並在轉入前看清楚利率換算後的年化數字。</p>`;

const pagesFor = (slug: PageSlug): Partial<Record<Locale, PageText>> =>
  Object.fromEntries(Object.entries(PAGES_BY_LOCALE).map(([locale, texts]) => [locale, texts[slug]]));
export const SEED_CONTENT: SeedContent = {
  pages: { privacy: pagesFor('privacy'), rights: pagesFor('rights'), about: pagesFor('about') },
  articles: [
    { key: 'how-prices-are-made', publishedDaysAgo: 3, translations: { 'zh-TW': PRICES_ZH_TW, en: PRICES_EN } },
    { key: 'verify-an-order', publishedDaysAgo: 2, translations: { 'zh-TW': VERIFY_ZH_TW, en: VERIFY_EN } },
    { key: 'who-pays-yuebao', publishedDaysAgo: 1, translations: { 'zh-TW': EARN_ZH_TW, en: EARN_EN } },
  ],
  banners: [
    {
      key: 'honest-prices',
      translations: { 'zh-TW': { title: '價格只來自公開交易所，每一筆都能核對' }, en: { title: 'Prices only from public exchanges, each one checkable' } },
      link: { kind: 'route', path: '/pages/information/information' },
    },
  ],
  highlights: [
    {
      key: 'public-prices',
      translations: {
        'zh-TW': { title: '價格來自公開交易所', summary: '公開交易所報價的中位數；交易所意見不一時暫停交易。' },
        en: { title: 'Prices from public exchanges', summary: 'The median of public exchanges’ quotes; trading halts when they disagree.' },
      },
      link: { kind: 'route', path: '/pages/prices/prices' },
    },
    {
      key: 'verifiable-orders',
      translations: {
        'zh-TW': { title: '每筆訂單都能核對', summary: '憑證列出開倉和平倉報價點，公開記錄任何人都能檢查。' },
        en: { title: 'Orders you can verify', summary: 'Each receipt names its ticks, in a hash-chained record anyone can check.' },
      },
      link: { kind: 'route', path: '/pages/order/order' },
    },
    {
      key: 'yuebao-paid-by-platform',
      translations: {
        'zh-TW': { title: '餘額寶收益由平台支付', summary: '收益從平台自己的科目支付，不拿您的資金投資。' },
        en: { title: 'Yu’e Bao income: the platform pays', summary: 'Paid from its own account, never by investing your money.' },
      },
      link: { kind: 'route', path: '/pages/money/detail' },
    },
    {
      key: 'operators-in-sight',
      translations: {
        'zh-TW': { title: '營運操作對您公開', summary: '平台人員對您帳號的每一項操作都列在帳號動態中。' },
        en: { title: 'Operators in plain sight', summary: 'Every staff action on your account is in your account activity.' },
      },
      link: { kind: 'route', path: '/pages/activity/activity' },
    },
  ],
  offices: [
    {
      key: 'taipei',
      translations: {
        'zh-TW': { name: '台北辦公室', address: '110 臺北市信義區信義路五段 7 號', hours: '週一至週五 09:00–18:00' },
        en: { name: 'Taipei office', address: 'No. 7, Sec. 5, Xinyi Rd., Xinyi Dist., Taipei City 110, Taiwan', hours: 'Mon–Fri 09:00–18:00' },
      },
      latitude: 25.033,
      longitude: 121.5654,
    },
  ],
};
