import type { Locale } from '@candor/contracts';

/** One operator-edited page: its title and its sanitised HTML body. */
export type PageText = { title: string; bodyHtml: string };
export type PageSlug = 'privacy' | 'rights' | 'about';

// Each language's texts are one tagged template, read as written: `# Title` lines, then the HTML one block per
// line, stored with the line breaks removed.
function titled(part: string): PageText {
  const [title = '', ...blocks] = part.trimEnd().split('\n');
  return { title, bodyHtml: blocks.join('') };
}
/** A language's three pages in the order privacy, rights, about, each starting with a line `# Title`. */
function pages(text: TemplateStringsArray): Record<PageSlug, PageText> {
  const [privacy, rights, about] = text[0].split(/^# /m).slice(1).map(titled);
  if (!privacy || !rights || !about) throw new Error('A language needs its privacy, rights and about pages');
  return { privacy, rights, about };
}

// Per language, so that one language's three pages are read (and kept consistent) together.
export const PAGES_BY_LOCALE: Record<Locale, Record<PageSlug, PageText>> = {
  'zh-TW': pages`# 隱私政策
<p>本政策說明我們保存哪些資料、為何保存、保存多久，以及您的資料如何受到保護。我們只收集提供服務所需的資料。</p>
<h2>我們保存的資料</h2><p>帳號資料：電子郵件、手機號碼、暱稱、邀請關係，以及經過 argon2id 雜湊處理的登入密碼和交易密碼（我們無法得知密碼原文）。</p><p>交易與資金資料：訂單、資金分錄、充值和提現記錄、提現帳號資料。實名認證時提交的姓名、證件號碼和證件照片。</p><p>登入資料：每個登入階段的建立時間、最近使用時間、瀏覽器資訊和 IP 位址，用於在設定中向您顯示登入裝置。</p>
<h2>資料的用途</h2><p>這些資料只用於：開立和維護您的帳號、執行和結算您的交易、處理充值和提現、依法完成實名認證、保護帳號安全（例如限制登入嘗試次數），以及回應您的客服請求。我們不會將您的資料用於廣告，也不會出售。</p>
<h2>儲存在您裝置上的資料</h2><p>瀏覽器的本機儲存只保存您選擇的語言和不涉及機密的應用狀態。登入憑證保存在僅限 HTTP 存取的安全 Cookie 中，網頁腳本無法讀取；短期存取權杖只保存在記憶體中。在「設定」中清除快取會刪除這些本機資料並結束登入。</p>
<h2>保存期限</h2><p>帳號存續期間我們會保存上述資料。帳號關閉後，資金與交易記錄會依法律對財務記錄的要求保存，其餘資料會被刪除。已結束的登入階段會在到期後失效。</p>
<h2>資料的共享</h2><p>只有在處理您的請求所必需時（例如審核充值、提現或實名認證），平台的授權人員才能查看相關資料，且每一次營運操作都會寫入不可修改的稽核記錄。除法律要求外，我們不會向第三方提供您的資料。</p>
<h2>安全措施</h2><p>所有查詢都以登入使用者的身分限定範圍，任何使用者都無法讀取他人的訂單、記錄、訊息或證件照片。證件照片存放在網站目錄之外，只提供給您本人和審核人員。登入、註冊和驗證碼都有頻率限制。</p>
# 您的權利與風險提示
<p>您對自己的帳號和資料擁有以下權利，其中大部分可以在應用中自行完成，無需等待客服。</p>
<h2>查閱</h2><p>您可以隨時在個人中心、訂單和資金記錄中查看與您有關的全部資料，包括每筆結算所用的行情點。</p>
<h2>更正</h2><p>提現帳號可以自行修改。其他資料有誤時，可以聯絡客服更正。</p>
<h2>匯出</h2><p>您可以匯出完整的資金記錄（CSV 檔），用於自行核對或保存。</p>
<h2>自行修改密碼</h2><p>憑舊密碼即可在「設定」中修改登入密碼或交易密碼。您也可以在「設定」中查看所有登入裝置，並登出任何一台。</p>
<h2>提取您的資金</h2><p>可用餘額屬於您本人。為保護您的資金，變更提現帳號後 24 小時內暫停提現，這個規則對所有人都一樣，並會清楚顯示。</p>
<h2>關閉帳號</h2><p>您可以申請關閉帳號。關閉前請先提取餘額；依法必須保存的財務記錄以外，您的資料將被刪除。</p>
<h2>風險提示</h2><p>定時交易的結果取決於到期時的市場價格，虧損時將失去該筆訂單的全部本金。過去的結果不代表未來。請只用您能承受損失的資金交易，並可先使用模擬帳號熟悉規則。</p>
# 關於我們
<p>Candor 是一個定時交易平台：您可以對產品在選定時長後的價格買漲或買跌，也可以把閒置資金轉入餘額寶賺取收益。我們相信，交易平台應該在設計上就是誠實的，而不只是承諾誠實。</p>
<h2>價格只來自市場</h2><p>真實資金的訂單只用公開交易所的行情定價：平台讀取 Binance、OKX、Coinbase 和 Kraken 的公開買賣報價，取各家中間價的中位數。新鮮報價不足三家，或各家相差超過上限時，產品會暫停交易，而不是自己編出一個價格。平台沒有任何介面、設定或資料庫開關可以改變某一筆訂單的價格、結果或派彩，營運人員也不例外。</p>
<h2>每一分錢都在帳本上</h2><p>充值、提現、下單、派彩和餘額寶收益，全部以複式記帳的分錄記錄，每筆分錄的借貸相加為零。您的資金記錄就是這本帳本中屬於您的部分。</p>
<h2>結算可以驗證</h2><p>每筆已結算訂單都會顯示開倉和平倉所用的行情點。行情記錄每秒打包並以雜湊串連，公開可查，任何人都能確認記錄在事後沒有被改寫。</p>
<h2>營運操作對您公開</h2><p>平台人員對您帳號的每一項操作，例如審核充值、提現或實名認證、查看您的資金記錄，都會寫入不可修改的稽核記錄，並註明角色與原因顯示在您的「帳號動態」中。會影響價格的產品設定變更都會提前公告，且不會影響已開倉的訂單。</p>
<h2>帳號由您作主</h2><p>您可以憑舊密碼自行修改登入密碼和交易密碼，自行設定提現帳號（變更後有 24 小時提現保護期），也可以隨時匯出完整的記錄。平台不設任何隱藏關卡。</p>
<h2>清楚的說明</h2><p>任何被拒絕的操作都會用您的語言說明原因，不會只做了一半。餘額寶的利率會同時顯示日利率和換算後的年化利率。</p>`,
  'zh-CN': pages`# 隐私政策
<p>本政策说明我们保存哪些数据、为何保存、保存多久，以及您的数据如何受到保护。我们只收集提供服务所需的数据。</p>
<h2>我们保存的数据</h2><p>账户数据：邮箱、手机号码、昵称、邀请关系，以及经过 argon2id 哈希处理的登录密码和交易密码（我们无法得知密码原文）。</p><p>交易与资金数据：订单、资金分录、充值和提现记录、提现账户资料。实名认证时提交的姓名、证件号码和证件照片。</p><p>登录数据：每个登录会话的创建时间、最近使用时间、浏览器資訊和 IP 地址，用于在设置中向您显示登录设备。</p>
<h2>数据的用途</h2><p>这些数据只用于：开立和维护您的账户、执行和结算您的交易、处理充值和提现、依法完成实名认证、保护账户安全（例如限制登录尝试次数），以及回应您的客服请求。我们不会将您的数据用于广告，也不会出售。</p>
<h2>存储在您设备上的数据</h2><p>浏览器的本地存储只保存您选择的语言和不涉及机密的应用状态。登录凭证保存在仅限 HTTP 访问的安全 Cookie 中，网页脚本无法读取；短期访问令牌只保存在内存中。在“设置”中清除缓存会删除这些本地数据并结束登录。</p>
<h2>保存期限</h2><p>账户存续期间我们会保存上述数据。账户关闭后，资金与交易记录会按法律对财务记录的要求保存，其余数据会被删除。已结束的登录会话会在到期后失效。</p>
<h2>数据的共享</h2><p>只有在处理您的请求所必需时（例如审核充值、提现或实名认证），平台的授权人员才能查看相关数据，且每一次运营操作都会写入不可修改的审计记录。除法律要求外，我们不会向第三方提供您的数据。</p>
<h2>安全措施</h2><p>所有查询都以登录用户的身份限定范围，任何用户都无法读取他人的订单、记录、消息或证件照片。证件照片存放在网站目录之外，只提供给您本人和审核人员。登录、注册和验证码都有频率限制。</p>
# 您的权利与风险提示
<p>您对自己的账户和数据拥有以下权利，其中大部分可以在应用中自行完成，无需等待客服。</p>
<h2>查阅</h2><p>您可以随时在个人中心、订单和资金记录中查看与您有关的全部数据，包括每笔结算所用的行情点。</p>
<h2>更正</h2><p>提现账户可以自行修改。其他资料有误时，可以联系客服更正。</p>
<h2>导出</h2><p>您可以导出完整的资金记录（CSV 文件），用于自行核对或保存。</p>
<h2>自行修改密码</h2><p>凭旧密码即可在“设置”中修改登录密码或交易密码。您也可以在“设置”中查看所有登录设备，并退出任何一台。</p>
<h2>提取您的资金</h2><p>可用余额属于您本人。为保护您的资金，变更提现账户后 24 小时内暂停提现，这个规则对所有人都一样，并会清楚显示。</p>
<h2>关闭账户</h2><p>您可以申请关闭账户。关闭前请先提取余额；依法必须保存的财务记录以外，您的数据将被删除。</p>
<h2>风险提示</h2><p>定时交易的结果取决于到期时的市场价格，亏损时将失去该笔订单的全部本金。过去的结果不代表未来。请只用您能承受损失的资金交易，并可先使用模拟账户熟悉规则。</p>
# 关于我们
<p>Candor 是一个定时交易平台：您可以对产品在选定时长后的价格买涨或买跌，也可以把闲置资金转入余额宝赚取收益。我们相信，交易平台应该在设计上就是诚实的，而不只是承诺诚实。</p>
<h2>价格只来自市场</h2><p>真实资金的订单只用公开交易所的行情定价：平台读取 Binance、OKX、Coinbase 和 Kraken 的公开买卖报价，取各家中间价的中位数。新鲜报价不足三家，或各家相差超过上限时，产品会暂停交易，而不是自己编出一个价格。平台没有任何界面、设置或数据库开关可以改变某一笔订单的价格、结果或派彩，运营人员也不例外。</p>
<h2>每一分钱都在账本上</h2><p>充值、提现、下单、派彩和余额宝收益，全部以复式记账的分录记录，每笔分录的借贷相加为零。您的资金记录就是这本账本中属于您的部分。</p>
<h2>结算可以验证</h2><p>每笔已结算订单都会显示开仓和平仓所用的行情点。行情记录每秒打包并以哈希串联，公开可查，任何人都能确认记录在事后没有被改写。</p>
<h2>运营操作对您公开</h2><p>平台人员对您账户的每一项操作，例如审核充值、提现或实名认证、查看您的资金记录，都会写入不可修改的审计记录，并注明角色与原因显示在您的“账户动态”中。会影响价格的产品设置变更都会提前公告，且不会影响已开仓的订单。</p>
<h2>账户由您作主</h2><p>您可以凭旧密码自行修改登录密码和交易密码，自行设置提现账户（变更后有 24 小时提现保护期），也可以随时导出完整的记录。平台不设任何隐藏关卡。</p>
<h2>清楚的说明</h2><p>任何被拒绝的操作都会用您的语言说明原因，不会只做了一半。余额宝的利率会同时显示日利率和换算后的年化利率。</p>`,
  en: pages`# Privacy policy
<p>This policy explains what data we keep, why, for how long, and how it is protected. We collect only what is needed to provide the service.</p>
<h2>What we keep</h2><p>Account data: your e-mail, phone number, nickname, who invited you, and your login and transaction passwords hashed with argon2id (we cannot see the passwords themselves).</p><p>Trading and money data: orders, ledger entries, deposit and withdrawal records and your withdrawal account details. For identity verification, the name, ID number and ID photos you submit.</p><p>Session data: when each login session was created and last used, the browser and the IP address, so that Settings can show you your logged-in devices.</p>
<h2>What we use it for</h2><p>Only to open and run your account, execute and settle your trades, process deposits and withdrawals, complete identity verification as the law requires, keep your account safe (for example by limiting login attempts) and answer your support requests. We do not use your data for advertising and we do not sell it.</p>
<h2>What is stored on your device</h2><p>Your browser’s local storage keeps only the language you chose and non-secret app state. Your login is kept in a secure HTTP-only cookie that page scripts cannot read, and the short-lived access token stays in memory. Clearing the cache in Settings deletes this local data and ends your session.</p>
<h2>How long we keep it</h2><p>We keep the data above while your account is open. When it is closed, money and trading records are kept as long as the law requires for financial records, and the rest is deleted. Ended login sessions expire.</p>
<h2>Who can see it</h2><p>Authorised staff see your data only when handling a request of yours (for example reviewing a deposit, a withdrawal or a verification), and every operator action is written to an audit log that cannot be changed. We give your data to no third party unless the law requires it.</p>
<h2>How it is protected</h2><p>Every query is limited to the logged-in user: nobody can read another user’s orders, records, messages or ID photos. ID photos are stored outside the web root and shown only to you and to reviewers. Login, registration and verification codes are rate limited.</p>
# Your rights and risk notice
<p>You have the following rights over your account and your data. Most of them you can exercise yourself in the app, without waiting for customer service.</p>
<h2>See your data</h2><p>The personal center, your orders and your capital records show everything we hold about your activity, including the ticks each settlement used.</p>
<h2>Correct it</h2><p>You can change your withdrawal account yourself. If other details are wrong, customer service will correct them.</p>
<h2>Export it</h2><p>You can export your complete capital records as a CSV file to check or keep them yourself.</p>
<h2>Change your passwords yourself</h2><p>With your old password you can change the login or transaction password in Settings. Settings also lists every logged-in device and lets you log any of them out.</p>
<h2>Take out your money</h2><p>Your available balance is yours. To protect it, withdrawals pause for 24 hours after the withdrawal account changes; the rule is the same for everyone and is shown clearly.</p>
<h2>Close your account</h2><p>You can ask to close your account. Withdraw your balance first; apart from the financial records the law requires us to keep, your data will be deleted.</p>
<h2>Risk notice</h2><p>The result of a fixed-time trade depends on the market price at expiry, and a losing order loses its whole stake. Past results do not predict future ones. Only trade with money you can afford to lose, and try the demo account first to learn the rules.</p>
# About us
<p>Candor is a fixed-time trading platform: you buy up or buy down on where a product’s price will be after a chosen time, and you can park idle money in Yu’e Bao to earn on it. We believe a trading platform should be honest by construction, not merely by promise.</p>
<h2>Prices come only from the market</h2><p>Real-money orders are priced only from public exchanges: the platform reads the public bid and ask quotes of Binance, OKX, Coinbase and Kraken and takes the median of their mid prices. With fewer than three fresh quotes, or when the exchanges disagree beyond the limit, the product halts instead of making up a price. No screen, setting or database switch can change the price, outcome or payout of an individual order, not even for our own operators.</p>
<h2>Every cent is on the ledger</h2><p>Deposits, withdrawals, orders, payouts and Yu’e Bao income are all recorded as double-entry journal entries whose postings add up to zero. Your capital records are that ledger, seen from your side.</p>
<h2>Settlement you can verify</h2><p>Every settled order shows the ticks it opened and closed on. The tick record is sealed every second in hash-linked blocks and is public, so anyone can confirm it was not rewritten afterwards.</p>
<h2>Operators’ actions are visible to you</h2><p>Every action our staff take on your account, such as reviewing a deposit, a withdrawal or a verification, or viewing your capital records, is written to an audit log that cannot be changed and shown in your account activity with the role and the reason. Changes to product settings that shape prices are announced in advance and never reach an open order.</p>
<h2>You own your account</h2><p>You change your login and transaction passwords yourself with the old one, set your own withdrawal account (a change starts a 24-hour withdrawal hold), and can export your full history at any time. There are no hidden gates.</p>
<h2>Clear answers</h2><p>Whenever something is refused, you are told why in your own language, and nothing is left half done. The Yu’e Bao rate is always shown both per day and as its annualised equivalent.</p>`,
  ja: pages`# プライバシーポリシー
<p>本ポリシーでは、保管するデータ、その理由と期間、そしてデータの保護方法を説明します。サービスの提供に必要なデータだけを収集します。</p>
<h2>保管するデータ</h2><p>アカウント情報：メールアドレス、電話番号、ニックネーム、招待関係、そして argon2id でハッシュ化したログインパスワードと取引パスワード（パスワードそのものは私たちにも分かりません）。</p><p>取引と資金の情報：注文、仕訳、入出金の記録、出金口座の情報。本人確認で提出された氏名、身分証番号、身分証の写真。</p><p>ログイン情報：各ログインセッションの作成日時と最終利用日時、ブラウザ、IP アドレス。設定画面でログイン中の端末を表示するために使います。</p>
<h2>利用目的</h2><p>アカウントの開設と運用、取引の執行と決済、入出金の処理、法令に基づく本人確認、アカウントの保護（ログイン試行回数の制限など）、サポートへのお問い合わせへの対応にのみ使います。広告には使わず、販売もしません。</p>
<h2>端末に保存されるデータ</h2><p>ブラウザのローカルストレージには、選んだ言語と機密性のないアプリの状態だけを保存します。ログイン情報はページのスクリプトから読めない HTTP 専用の安全な Cookie に保存され、短時間だけ有効なアクセストークンはメモリ上にのみ保持されます。設定でキャッシュを消去すると、これらのデータは削除されログアウトします。</p>
<h2>保管期間</h2><p>アカウントが有効な間は上記のデータを保管します。解約後は、資金と取引の記録を財務記録として法令が求める期間保管し、それ以外は削除します。終了したログインセッションは期限切れになります。</p>
<h2>データを見られる人</h2><p>権限のある担当者は、入金・出金・本人確認の審査など、あなたからの依頼を処理するときだけデータを閲覧でき、運営者の操作はすべて変更できない監査ログに記録されます。法令で求められる場合を除き、第三者にデータを提供することはありません。</p>
<h2>保護の仕組み</h2><p>すべての照会はログイン中のユーザー本人に限定されており、他のユーザーの注文、履歴、メッセージ、身分証の写真を読むことはできません。身分証の写真はウェブの公開領域の外に保存され、あなたと審査担当者にのみ表示されます。ログイン、登録、認証コードには回数制限があります。</p>
# あなたの権利とリスクに関する注意事項
<p>あなたのアカウントとデータについて、次の権利があります。その多くはサポートを待たずにアプリ内でご自身で行えます。</p>
<h2>確認する</h2><p>マイページ、注文履歴、資金履歴で、あなたの取引に関するすべての情報を確認できます。各決済に使われたティックも含まれます。</p>
<h2>訂正する</h2><p>出金口座はご自身で変更できます。その他の情報に誤りがある場合は、カスタマーサービスが訂正します。</p>
<h2>エクスポートする</h2><p>資金記録のすべてを CSV ファイルとしてエクスポートし、ご自身で確認・保存できます。</p>
<h2>パスワードを自分で変更する</h2><p>現在のパスワードがあれば、設定画面でログインパスワードや取引パスワードを変更できます。ログイン中の端末の一覧もそこで確認でき、どの端末もログアウトさせられます。</p>
<h2>資金を引き出す</h2><p>利用可能残高はあなたのものです。資金を守るため、出金口座の変更後24時間は出金が保留されます。この規則は全員に同じく適用され、画面にはっきり表示されます。</p>
<h2>アカウントを解約する</h2><p>アカウントの解約を申し込めます。先に残高を出金してください。法令で保管が義務づけられた財務記録を除き、データは削除されます。</p>
<h2>リスクに関する注意</h2><p>時間指定取引の結果は満期時の市場価格で決まり、負けた注文は元本をすべて失います。過去の結果は将来を保証しません。失っても困らない資金でのみ取引し、まずはデモ口座でルールに慣れることをおすすめします。</p>
# 会社概要
<p>Candor は時間指定取引のプラットフォームです。選んだ時間の後に商品の価格が上がるか下がるかを予想して取引でき、使っていない資金は余額宝に移して収益を得られます。取引プラットフォームは約束ではなく、仕組みそのもので誠実であるべきだと私たちは考えています。</p>
<h2>価格は市場からのみ</h2><p>リアルマネーの注文は公開取引所の相場だけで価格が決まります。Binance、OKX、Coinbase、Kraken の公開された買値と売値を読み取り、各取引所の仲値の中央値を価格とします。新しい気配が3社に満たないとき、または取引所間の差が上限を超えたときは、価格を作り出さずに取引を停止します。個々の注文の価格・結果・配当を変えられる画面や設定、データベースのスイッチは一切なく、運営者も例外ではありません。</p>
<h2>すべてのお金を帳簿に</h2><p>入金、出金、注文、配当、余額宝の収益はすべて複式簿記の仕訳として記録され、各仕訳の借方と貸方の合計はゼロになります。あなたの資金履歴は、その帳簿をあなたの側から見たものです。</p>
<h2>検証できる決済</h2><p>決済済みの注文には、約定と決済に使ったティックが表示されます。ティックの記録は毎秒ハッシュで連結されたブロックに封印されて公開されており、後から書き換えられていないことを誰でも確認できます。</p>
<h2>運営者の操作はあなたに公開されます</h2><p>入金・出金・本人確認の審査や資金記録の閲覧など、スタッフがあなたのアカウントに対して行った操作はすべて変更できない監査ログに記録され、役割と理由とともにアカウント履歴に表示されます。価格に関わる商品設定の変更は事前に告知され、保有中の注文には影響しません。</p>
<h2>アカウントはあなたのもの</h2><p>ログインパスワードと取引パスワードは現在のパスワードでご自身で変更でき、出金口座もご自身で設定できます（変更後24時間は出金が保留されます）。取引履歴はいつでもすべてエクスポートできます。隠れた関門はありません。</p>
<h2>わかりやすい説明</h2><p>操作が受け付けられない場合は、その理由をあなたの言語でお伝えし、中途半端な状態のまま残すことはありません。余額宝の利率は日利と年換算の両方で表示します。</p>`,
  ko: pages`# 개인정보 처리방침
<p>이 방침은 어떤 데이터를 왜, 얼마나 오래 보관하며 어떻게 보호하는지 설명합니다. 서비스 제공에 필요한 데이터만 수집합니다.</p>
<h2>보관하는 데이터</h2><p>계정 정보: 이메일, 휴대폰 번호, 닉네임, 초대 관계, 그리고 argon2id로 해시 처리한 로그인 비밀번호와 거래 비밀번호(비밀번호 원문은 저희도 알 수 없습니다).</p><p>거래 및 자금 정보: 주문, 장부 분개, 입출금 기록, 출금 계좌 정보. 실명 인증 때 제출한 이름, 신분증 번호, 신분증 사진.</p><p>로그인 정보: 각 로그인 세션의 생성 시각과 마지막 사용 시각, 브라우저, IP 주소. 설정에서 로그인된 기기를 보여 드리는 데 씁니다.</p>
<h2>이용 목적</h2><p>계정 개설과 운영, 거래 실행과 정산, 입출금 처리, 법에 따른 실명 인증, 계정 보호(예: 로그인 시도 횟수 제한), 고객 문의 응대에만 사용합니다. 광고에 사용하거나 판매하지 않습니다.</p>
<h2>기기에 저장되는 데이터</h2><p>브라우저의 로컬 저장소에는 선택한 언어와 민감하지 않은 앱 상태만 저장됩니다. 로그인 정보는 페이지 스크립트가 읽을 수 없는 HTTP 전용 보안 쿠키에 보관되며, 짧게 유효한 액세스 토큰은 메모리에만 있습니다. 설정에서 캐시를 삭제하면 이 데이터가 지워지고 로그아웃됩니다.</p>
<h2>보관 기간</h2><p>계정이 유지되는 동안 위 데이터를 보관합니다. 계정을 해지하면 자금과 거래 기록은 법이 정한 재무 기록 보관 기간 동안 보관하고 나머지는 삭제합니다. 종료된 로그인 세션은 만료됩니다.</p>
<h2>데이터를 볼 수 있는 사람</h2><p>권한이 있는 직원은 입금, 출금, 실명 인증 심사 등 회원님의 요청을 처리할 때만 데이터를 볼 수 있으며, 운영자의 모든 작업은 수정할 수 없는 감사 로그에 기록됩니다. 법의 요구가 없는 한 제3자에게 데이터를 제공하지 않습니다.</p>
<h2>보호 방법</h2><p>모든 조회는 로그인한 본인으로 한정되어, 누구도 다른 회원의 주문, 내역, 메시지, 신분증 사진을 볼 수 없습니다. 신분증 사진은 웹 공개 영역 밖에 저장되며 회원님과 심사 담당자에게만 보여집니다. 로그인, 가입, 인증 코드에는 횟수 제한이 있습니다.</p>
# 회원님의 권리와 위험 고지
<p>회원님은 계정과 데이터에 대해 다음 권리를 가집니다. 대부분은 고객센터를 기다릴 필요 없이 앱에서 직접 할 수 있습니다.</p>
<h2>열람</h2><p>내 정보, 주문, 자금 내역에서 회원님의 활동에 관한 모든 정보를 볼 수 있으며, 각 정산에 쓰인 틱도 포함됩니다.</p>
<h2>정정</h2><p>출금 계좌는 직접 변경할 수 있습니다. 다른 정보가 잘못된 경우 고객센터에서 정정해 드립니다.</p>
<h2>내보내기</h2><p>전체 자금 기록을 CSV 파일로 내보내 직접 확인하거나 보관할 수 있습니다.</p>
<h2>비밀번호 직접 변경</h2><p>기존 비밀번호만 있으면 설정에서 로그인 비밀번호나 거래 비밀번호를 바꿀 수 있습니다. 설정에서는 로그인된 모든 기기를 확인하고 어느 기기든 로그아웃시킬 수 있습니다.</p>
<h2>자금 인출</h2><p>사용 가능 잔액은 회원님의 것입니다. 자금을 보호하기 위해 출금 계좌를 바꾼 뒤 24시간 동안 출금이 보류되며, 이 규칙은 모두에게 같고 화면에 명확히 표시됩니다.</p>
<h2>계정 해지</h2><p>계정 해지를 신청할 수 있습니다. 먼저 잔액을 출금해 주세요. 법에 따라 보관해야 하는 재무 기록을 제외한 데이터는 삭제됩니다.</p>
<h2>위험 고지</h2><p>시간 지정 거래의 결과는 만기 시점의 시장 가격으로 정해지며, 손실이 난 주문은 원금 전부를 잃습니다. 과거 결과가 미래를 보장하지 않습니다. 잃어도 괜찮은 돈으로만 거래하고, 먼저 모의 계좌로 규칙을 익혀 보세요.</p>
# 회사 소개
<p>Candor는 시간 지정 거래 플랫폼입니다. 선택한 시간이 지난 뒤 상품 가격이 오를지 내릴지에 거래할 수 있고, 쓰지 않는 돈은 위어바오에 넣어 수익을 얻을 수 있습니다. 거래 플랫폼은 약속이 아니라 구조 자체로 정직해야 한다고 믿습니다.</p>
<h2>가격은 오직 시장에서</h2><p>실제 자금 주문은 공개 거래소의 시세로만 가격이 정해집니다. Binance, OKX, Coinbase, Kraken의 공개 매수·매도 호가를 읽어 각 거래소 중간가의 중앙값을 가격으로 삼습니다. 새로운 호가가 세 곳에 못 미치거나 거래소 간 차이가 한도를 넘으면 가격을 만들어 내지 않고 거래를 중단합니다. 개별 주문의 가격, 결과, 지급액을 바꿀 수 있는 화면, 설정, 데이터베이스 스위치는 없으며 운영자도 예외가 아닙니다.</p>
<h2>모든 돈은 장부에</h2><p>입금, 출금, 주문, 지급, 위어바오 수익은 모두 복식부기 분개로 기록되며 각 분개의 합계는 0입니다. 회원님의 자금 내역은 바로 그 장부를 회원님 쪽에서 본 것입니다.</p>
<h2>검증할 수 있는 정산</h2><p>정산된 주문마다 진입과 종료에 쓰인 틱이 표시됩니다. 틱 기록은 매초 해시로 연결된 블록에 봉인되어 공개되므로, 나중에 고쳐 쓰지 않았다는 것을 누구나 확인할 수 있습니다.</p>
<h2>운영자의 조치는 공개됩니다</h2><p>입금·출금·본인 인증 심사나 자금 기록 열람 등 직원이 회원님의 계정에 한 모든 조치는 변경할 수 없는 감사 기록에 남고, 역할과 사유와 함께 계정 활동에 표시됩니다. 가격에 영향을 주는 상품 설정 변경은 미리 공지되며 보유 중인 주문에는 적용되지 않습니다.</p>
<h2>계정의 주인은 회원님</h2><p>로그인 비밀번호와 거래 비밀번호는 기존 비밀번호로 직접 변경하고, 출금 계좌도 직접 설정할 수 있습니다(변경 후 24시간 동안 출금 보류). 전체 내역은 언제든 내보낼 수 있으며, 숨겨진 장벽은 없습니다.</p>
<h2>명확한 안내</h2><p>요청이 거절되면 그 이유를 회원님의 언어로 알려 드리며, 절반만 처리된 채로 남지 않습니다. 위어바오 이율은 일 이율과 연 환산 이율을 함께 보여 드립니다.</p>`,
  th: pages`# นโยบายความเป็นส่วนตัว
<p>นโยบายนี้อธิบายว่าเราเก็บข้อมูลอะไร เพราะเหตุใด นานเท่าใด และปกป้องข้อมูลอย่างไร เราเก็บเฉพาะข้อมูลที่จำเป็นต่อการให้บริการ</p>
<h2>ข้อมูลที่เราเก็บ</h2><p>ข้อมูลบัญชี: อีเมล หมายเลขโทรศัพท์ ชื่อเล่น ผู้ที่เชิญคุณ และรหัสผ่านเข้าสู่ระบบกับรหัสผ่านธุรกรรมที่แฮชด้วย argon2id (เราไม่สามารถรู้รหัสผ่านจริงได้)</p><p>ข้อมูลการเทรดและการเงิน: คำสั่ง รายการบัญชี ประวัติการฝากถอน และข้อมูลบัญชีถอนเงิน สำหรับการยืนยันตัวตน ได้แก่ ชื่อ เลขบัตร และรูปบัตรที่คุณส่งมา</p><p>ข้อมูลการเข้าสู่ระบบ: เวลาที่สร้างและใช้ล่าสุดของแต่ละเซสชัน เบราว์เซอร์ และที่อยู่ IP เพื่อแสดงอุปกรณ์ที่เข้าสู่ระบบในหน้าการตั้งค่า</p>
<h2>เราใช้ข้อมูลเพื่ออะไร</h2><p>ใช้เพื่อเปิดและดูแลบัญชีของคุณ ดำเนินการและชำระคำสั่งเทรด จัดการการฝากถอน ยืนยันตัวตนตามกฎหมาย ปกป้องบัญชี (เช่น จำกัดจำนวนครั้งที่พยายามเข้าสู่ระบบ) และตอบคำถามที่คุณส่งถึงฝ่ายบริการเท่านั้น เราไม่ใช้ข้อมูลของคุณเพื่อโฆษณาและไม่ขายข้อมูล</p>
<h2>ข้อมูลที่เก็บในอุปกรณ์ของคุณ</h2><p>พื้นที่จัดเก็บในเบราว์เซอร์เก็บเฉพาะภาษาที่คุณเลือกและสถานะแอปที่ไม่เป็นความลับ การเข้าสู่ระบบเก็บอยู่ในคุกกี้ปลอดภัยแบบ HTTP-only ที่สคริปต์ในหน้าอ่านไม่ได้ ส่วนโทเค็นเข้าถึงอายุสั้นอยู่ในหน่วยความจำเท่านั้น การล้างแคชในการตั้งค่าจะลบข้อมูลเหล่านี้และออกจากระบบ</p>
<h2>ระยะเวลาการเก็บ</h2><p>เราเก็บข้อมูลข้างต้นตลอดที่บัญชียังเปิดอยู่ เมื่อปิดบัญชี บันทึกการเงินและการเทรดจะถูกเก็บตามระยะเวลาที่กฎหมายกำหนดสำหรับเอกสารทางการเงิน ส่วนที่เหลือจะถูกลบ เซสชันที่สิ้นสุดแล้วจะหมดอายุ</p>
<h2>ใครเห็นข้อมูลได้</h2><p>พนักงานที่ได้รับอนุญาตจะเห็นข้อมูลเฉพาะเมื่อดำเนินการตามคำขอของคุณ (เช่น ตรวจสอบการฝาก การถอน หรือการยืนยันตัวตน) และทุกการกระทำของผู้ดูแลถูกบันทึกในบันทึกตรวจสอบที่แก้ไขไม่ได้ เราไม่ให้ข้อมูลแก่บุคคลที่สามเว้นแต่กฎหมายกำหนด</p>
<h2>การปกป้องข้อมูล</h2><p>ทุกการค้นหาจำกัดเฉพาะผู้ใช้ที่เข้าสู่ระบบ ไม่มีใครอ่านคำสั่ง ประวัติ ข้อความ หรือรูปบัตรของผู้อื่นได้ รูปบัตรเก็บไว้นอกพื้นที่เว็บสาธารณะและแสดงเฉพาะแก่คุณและผู้ตรวจสอบ การเข้าสู่ระบบ การสมัคร และรหัสยืนยันมีการจำกัดจำนวนครั้ง</p>
# สิทธิ์ของคุณและคำเตือนความเสี่ยง
<p>คุณมีสิทธิ์ต่อบัญชีและข้อมูลของคุณดังต่อไปนี้ ส่วนใหญ่ทำได้เองในแอปโดยไม่ต้องรอฝ่ายบริการลูกค้า</p>
<h2>ดูข้อมูลของคุณ</h2><p>ศูนย์ส่วนตัว คำสั่งซื้อ และประวัติการเงิน แสดงทุกอย่างที่เรามีเกี่ยวกับกิจกรรมของคุณ รวมถึงติ๊กที่ใช้ในการชำระแต่ละครั้ง</p>
<h2>แก้ไขข้อมูล</h2><p>คุณเปลี่ยนบัญชีรับเงินถอนได้ด้วยตัวเอง หากข้อมูลอื่นไม่ถูกต้อง ฝ่ายบริการลูกค้าจะแก้ไขให้</p>
<h2>ส่งออกข้อมูล</h2><p>คุณส่งออกบันทึกเงินทุนทั้งหมดเป็นไฟล์ CSV เพื่อตรวจสอบหรือเก็บไว้เองได้</p>
<h2>เปลี่ยนรหัสผ่านได้เอง</h2><p>เพียงใช้รหัสผ่านเดิม คุณก็เปลี่ยนรหัสผ่านเข้าสู่ระบบหรือรหัสผ่านธุรกรรมได้ในการตั้งค่า ซึ่งยังแสดงอุปกรณ์ที่เข้าสู่ระบบทั้งหมดและให้คุณสั่งออกจากระบบเครื่องใดก็ได้</p>
<h2>ถอนเงินของคุณ</h2><p>ยอดที่ใช้ได้เป็นของคุณ เพื่อปกป้องเงิน การถอนจะพัก 24 ชั่วโมงหลังเปลี่ยนบัญชีถอนเงิน กฎนี้ใช้กับทุกคนเหมือนกันและแสดงไว้อย่างชัดเจน</p>
<h2>ปิดบัญชี</h2><p>คุณขอปิดบัญชีได้ โปรดถอนยอดคงเหลือก่อน ข้อมูลของคุณจะถูกลบ ยกเว้นบันทึกทางการเงินที่กฎหมายกำหนดให้เก็บ</p>
<h2>คำเตือนความเสี่ยง</h2><p>ผลของการเทรดแบบกำหนดเวลาขึ้นกับราคาตลาดตอนหมดเวลา คำสั่งที่แพ้จะเสียเงินลงทุนทั้งหมดของคำสั่งนั้น ผลในอดีตไม่ได้รับประกันอนาคต โปรดเทรดด้วยเงินที่เสียได้เท่านั้น และลองใช้บัญชีทดลองก่อนเพื่อเรียนรู้กติกา</p>
# เกี่ยวกับเรา
<p>Candor เป็นแพลตฟอร์มเทรดแบบกำหนดเวลา คุณซื้อขึ้นหรือซื้อลงตามราคาของสินค้าหลังเวลาที่เลือก และพักเงินที่ยังไม่ใช้ไว้ในยูเอ้อเป่าเพื่อรับผลตอบแทนได้ เราเชื่อว่าแพลตฟอร์มเทรดควรซื่อตรงด้วยโครงสร้าง ไม่ใช่แค่คำสัญญา</p>
<h2>ราคามาจากตลาดเท่านั้น</h2><p>คำสั่งซื้อด้วยเงินจริงใช้ราคาจากตลาดแลกเปลี่ยนสาธารณะเท่านั้น แพลตฟอร์มอ่านราคาเสนอซื้อและเสนอขายสาธารณะของ Binance, OKX, Coinbase และ Kraken แล้วใช้ค่ามัธยฐานของราคากลางจากแต่ละแห่ง หากมีราคาที่สดใหม่ไม่ถึงสามแห่ง หรือแต่ละแห่งต่างกันเกินขีดจำกัด สินค้านั้นจะหยุดซื้อขายแทนที่จะสร้างราคาขึ้นเอง ไม่มีหน้าจอ การตั้งค่า หรือสวิตช์ในฐานข้อมูลใดที่เปลี่ยนราคา ผลลัพธ์ หรือเงินจ่ายของคำสั่งใดคำสั่งหนึ่งได้ แม้แต่ผู้ดูแลระบบของเราเอง</p>
<h2>ทุกสตางค์อยู่ในบัญชีแยกประเภท</h2><p>การฝาก ถอน คำสั่งเทรด เงินจ่าย และผลตอบแทนยูเอ้อเป่า ล้วนบันทึกเป็นรายการบัญชีคู่ที่ผลรวมเป็นศูนย์ ประวัติการเงินของคุณคือบัญชีนั้นในมุมของคุณ</p>
<h2>การชำระราคาที่ตรวจสอบได้</h2><p>ทุกคำสั่งที่ชำระแล้วแสดงติ๊กที่ใช้ตอนเปิดและปิด บันทึกติ๊กถูกปิดผนึกทุกวินาทีเป็นบล็อกที่เชื่อมด้วยแฮชและเปิดเผยต่อสาธารณะ ทุกคนจึงยืนยันได้ว่าไม่มีการแก้ไขย้อนหลัง</p>
<h2>การกระทำของผู้ดูแลระบบเปิดเผยต่อคุณ</h2><p>ทุกการกระทำที่เจ้าหน้าที่ทำกับบัญชีของคุณ เช่น การตรวจสอบการฝาก การถอน หรือการยืนยันตัวตน หรือการดูบันทึกเงินทุนของคุณ จะถูกบันทึกในบันทึกการตรวจสอบที่แก้ไขไม่ได้ และแสดงในกิจกรรมบัญชีของคุณพร้อมบทบาทและเหตุผล การเปลี่ยนการตั้งค่าสินค้าที่มีผลต่อราคาจะประกาศล่วงหน้าและไม่มีผลกับคำสั่งที่เปิดอยู่</p>
<h2>บัญชีเป็นของคุณ</h2><p>คุณเปลี่ยนรหัสผ่านเข้าสู่ระบบและรหัสผ่านธุรกรรมเองได้ด้วยรหัสผ่านเดิม ตั้งบัญชีถอนเงินเองได้ (หลังเปลี่ยนจะพักการถอน 24 ชั่วโมง) และส่งออกประวัติทั้งหมดได้ทุกเมื่อ ไม่มีด่านที่ซ่อนอยู่</p>
<h2>คำอธิบายที่ชัดเจน</h2><p>เมื่อใดที่คำขอถูกปฏิเสธ คุณจะได้รับเหตุผลเป็นภาษาของคุณ และจะไม่มีสิ่งใดค้างอยู่ครึ่งทาง อัตราผลตอบแทนยูเอ้อเป่าแสดงทั้งรายวันและแบบคิดเป็นรายปี</p>`,
  id: pages`# Kebijakan privasi
<p>Kebijakan ini menjelaskan data apa yang kami simpan, alasannya, berapa lama, dan bagaimana data itu dilindungi. Kami hanya mengumpulkan data yang diperlukan untuk layanan.</p>
<h2>Data yang kami simpan</h2><p>Data akun: alamat email, nomor telepon, nama panggilan, siapa yang mengundang Anda, serta kata sandi masuk dan transaksi yang di-hash dengan argon2id (kami tidak dapat melihat kata sandinya).</p><p>Data trading dan dana: pesanan, entri buku besar, catatan setoran dan penarikan, serta rincian rekening penarikan. Untuk verifikasi identitas: nama, nomor identitas, dan foto identitas yang Anda kirim.</p><p>Data sesi: kapan setiap sesi masuk dibuat dan terakhir dipakai, peramban, dan alamat IP, agar Pengaturan dapat menampilkan perangkat yang masuk.</p>
<h2>Untuk apa data dipakai</h2><p>Hanya untuk membuka dan menjalankan akun Anda, mengeksekusi dan menyelesaikan trading, memproses setoran dan penarikan, menyelesaikan verifikasi identitas sesuai hukum, menjaga keamanan akun (misalnya membatasi percobaan masuk), dan menjawab permintaan bantuan Anda. Kami tidak memakai data Anda untuk iklan dan tidak menjualnya.</p>
<h2>Data di perangkat Anda</h2><p>Penyimpanan lokal peramban hanya menyimpan bahasa pilihan Anda dan status aplikasi yang tidak rahasia. Sesi masuk disimpan dalam cookie aman khusus HTTP yang tidak dapat dibaca skrip halaman, dan token akses berumur pendek hanya ada di memori. Menghapus cache di Pengaturan akan menghapus data ini dan mengakhiri sesi.</p>
<h2>Berapa lama disimpan</h2><p>Kami menyimpan data di atas selama akun Anda aktif. Setelah akun ditutup, catatan dana dan trading disimpan selama yang diwajibkan hukum untuk catatan keuangan, dan sisanya dihapus. Sesi masuk yang berakhir akan kedaluwarsa.</p>
<h2>Siapa yang dapat melihatnya</h2><p>Staf berwenang hanya melihat data Anda saat menangani permintaan Anda (misalnya meninjau setoran, penarikan, atau verifikasi), dan setiap tindakan operator ditulis ke log audit yang tidak dapat diubah. Kami tidak memberikan data Anda kepada pihak ketiga kecuali diwajibkan hukum.</p>
<h2>Cara data dilindungi</h2><p>Setiap kueri dibatasi pada pengguna yang masuk: tidak ada yang dapat membaca pesanan, riwayat, pesan, atau foto identitas pengguna lain. Foto identitas disimpan di luar direktori web dan hanya ditampilkan kepada Anda dan peninjau. Masuk, pendaftaran, dan kode verifikasi dibatasi frekuensinya.</p>
# Hak Anda dan peringatan risiko
<p>Anda memiliki hak berikut atas akun dan data Anda. Sebagian besar dapat Anda lakukan sendiri di aplikasi tanpa menunggu layanan pelanggan.</p>
<h2>Melihat data</h2><p>Pusat pribadi, pesanan, dan riwayat dana menampilkan semua yang kami simpan tentang aktivitas Anda, termasuk tick yang dipakai setiap penyelesaian.</p>
<h2>Memperbaiki data</h2><p>Anda dapat mengubah rekening penarikan sendiri. Jika data lain keliru, layanan pelanggan akan memperbaikinya.</p>
<h2>Mengekspor data</h2><p>Anda dapat mengekspor seluruh catatan dana sebagai berkas CSV untuk diperiksa atau disimpan sendiri.</p>
<h2>Mengubah kata sandi sendiri</h2><p>Dengan kata sandi lama, Anda dapat mengubah kata sandi masuk atau transaksi di Pengaturan. Di sana juga tercantum setiap perangkat yang masuk, dan Anda dapat mengeluarkan perangkat mana pun.</p>
<h2>Menarik dana Anda</h2><p>Saldo tersedia adalah milik Anda. Untuk melindunginya, penarikan ditahan selama 24 jam setelah rekening penarikan diubah; aturan ini sama untuk semua orang dan ditampilkan dengan jelas.</p>
<h2>Menutup akun</h2><p>Anda dapat meminta penutupan akun. Tarik saldo Anda terlebih dahulu; selain catatan keuangan yang wajib kami simpan menurut hukum, data Anda akan dihapus.</p>
<h2>Peringatan risiko</h2><p>Hasil trading berjangka waktu bergantung pada harga pasar saat jatuh tempo, dan pesanan yang kalah kehilangan seluruh modalnya. Hasil masa lalu tidak menjamin hasil mendatang. Bertransaksilah hanya dengan dana yang siap Anda relakan, dan coba akun demo terlebih dahulu untuk mempelajari aturannya.</p>
# Tentang kami
<p>Candor adalah platform trading berjangka waktu: Anda membeli naik atau membeli turun atas harga suatu produk setelah waktu yang dipilih, dan dapat menaruh dana menganggur di Yu’e Bao untuk mendapat imbal hasil. Kami percaya platform trading harus jujur karena rancangannya, bukan sekadar karena janji.</p>
<h2>Harga hanya dari pasar</h2><p>Order dengan uang sungguhan hanya memakai harga dari bursa publik: platform membaca kuotasi beli dan jual publik dari Binance, OKX, Coinbase dan Kraken, lalu mengambil median dari harga tengah masing-masing. Jika kuotasi segar kurang dari tiga, atau bursa berbeda melebihi batas, produk dihentikan sementara alih-alih mengarang harga. Tidak ada layar, pengaturan, atau sakelar basis data yang dapat mengubah harga, hasil, atau pembayaran sebuah order, bahkan bagi operator kami sendiri.</p>
<h2>Setiap sen ada di buku besar</h2><p>Setoran, penarikan, pesanan, pembayaran, dan hasil Yu’e Bao semuanya dicatat sebagai jurnal berpasangan yang jumlahnya nol. Riwayat dana Anda adalah buku besar itu, dilihat dari sisi Anda.</p>
<h2>Penyelesaian yang dapat Anda periksa</h2><p>Setiap pesanan yang selesai menampilkan tick pembukaan dan penutupannya. Catatan tick disegel setiap detik dalam blok yang terhubung dengan hash dan terbuka untuk umum, sehingga siapa pun dapat memastikan catatan itu tidak ditulis ulang.</p>
<h2>Tindakan operator terlihat oleh Anda</h2><p>Setiap tindakan staf kami pada akun Anda, seperti meninjau deposit, penarikan atau verifikasi, atau melihat catatan dana Anda, ditulis ke log audit yang tidak dapat diubah dan ditampilkan di aktivitas akun Anda beserta peran dan alasannya. Perubahan pengaturan produk yang memengaruhi harga diumumkan lebih dulu dan tidak pernah mengenai order yang masih terbuka.</p>
<h2>Akun Anda, kendali Anda</h2><p>Anda mengubah sendiri kata sandi masuk dan kata sandi transaksi dengan kata sandi lama, mengatur sendiri rekening penarikan (perubahan memicu penahanan penarikan 24 jam), dan dapat mengekspor seluruh riwayat kapan saja. Tidak ada hambatan tersembunyi.</p>
<h2>Penjelasan yang jelas</h2><p>Setiap kali permintaan ditolak, alasannya disampaikan dalam bahasa Anda, dan tidak ada yang tertinggal setengah jalan. Tingkat imbal hasil Yu’e Bao selalu ditampilkan per hari dan setara tahunannya.</p>`,
  vi: pages`# Chính sách quyền riêng tư
<p>Chính sách này giải thích chúng tôi lưu dữ liệu gì, vì sao, trong bao lâu và bảo vệ dữ liệu như thế nào. Chúng tôi chỉ thu thập những gì cần để cung cấp dịch vụ.</p>
<h2>Dữ liệu chúng tôi lưu</h2><p>Dữ liệu tài khoản: email, số điện thoại, biệt danh, người đã mời bạn, và mật khẩu đăng nhập cùng mật khẩu giao dịch được băm bằng argon2id (chúng tôi không thể biết mật khẩu gốc).</p><p>Dữ liệu giao dịch và tài chính: lệnh, bút toán sổ cái, lịch sử nạp và rút tiền, thông tin tài khoản rút tiền. Khi xác minh danh tính: họ tên, số giấy tờ và ảnh giấy tờ bạn gửi.</p><p>Dữ liệu phiên đăng nhập: thời điểm tạo và dùng lần cuối của mỗi phiên, trình duyệt và địa chỉ IP, để phần Cài đặt hiển thị các thiết bị đang đăng nhập.</p>
<h2>Chúng tôi dùng dữ liệu để làm gì</h2><p>Chỉ để mở và duy trì tài khoản, thực hiện và thanh toán giao dịch, xử lý nạp và rút tiền, xác minh danh tính theo quy định pháp luật, bảo vệ tài khoản (ví dụ giới hạn số lần đăng nhập) và trả lời yêu cầu hỗ trợ của bạn. Chúng tôi không dùng dữ liệu cho quảng cáo và không bán dữ liệu.</p>
<h2>Dữ liệu trên thiết bị của bạn</h2><p>Bộ nhớ cục bộ của trình duyệt chỉ lưu ngôn ngữ bạn chọn và trạng thái ứng dụng không bí mật. Phiên đăng nhập được giữ trong cookie bảo mật chỉ dùng cho HTTP mà mã trên trang không đọc được, còn mã truy cập ngắn hạn chỉ nằm trong bộ nhớ. Xóa bộ nhớ đệm trong Cài đặt sẽ xóa các dữ liệu này và kết thúc phiên.</p>
<h2>Lưu trong bao lâu</h2><p>Chúng tôi lưu dữ liệu trên trong thời gian tài khoản còn hoạt động. Khi tài khoản đóng, hồ sơ tài chính và giao dịch được lưu theo thời hạn pháp luật yêu cầu với chứng từ tài chính, phần còn lại bị xóa. Các phiên đăng nhập đã kết thúc sẽ hết hạn.</p>
<h2>Ai có thể xem</h2><p>Nhân viên được ủy quyền chỉ xem dữ liệu khi xử lý yêu cầu của bạn (ví dụ xét duyệt nạp tiền, rút tiền hoặc xác minh), và mọi thao tác của nhân viên vận hành đều được ghi vào nhật ký kiểm toán không thể sửa. Chúng tôi không cung cấp dữ liệu cho bên thứ ba trừ khi pháp luật yêu cầu.</p>
<h2>Cách dữ liệu được bảo vệ</h2><p>Mọi truy vấn đều giới hạn theo người dùng đang đăng nhập: không ai đọc được lệnh, lịch sử, tin nhắn hay ảnh giấy tờ của người khác. Ảnh giấy tờ được lưu ngoài thư mục web và chỉ hiển thị cho bạn và người xét duyệt. Đăng nhập, đăng ký và mã xác minh đều bị giới hạn tần suất.</p>
# Quyền của bạn và cảnh báo rủi ro
<p>Bạn có các quyền sau đối với tài khoản và dữ liệu của mình. Phần lớn bạn có thể tự thực hiện trong ứng dụng mà không cần chờ bộ phận hỗ trợ.</p>
<h2>Xem dữ liệu</h2><p>Trung tâm cá nhân, lệnh và lịch sử tài chính hiển thị mọi thông tin chúng tôi lưu về hoạt động của bạn, kể cả các tick mà mỗi lần thanh toán đã dùng.</p>
<h2>Sửa dữ liệu</h2><p>Bạn có thể tự thay đổi tài khoản rút tiền. Nếu thông tin khác bị sai, bộ phận chăm sóc khách hàng sẽ sửa giúp bạn.</p>
<h2>Xuất dữ liệu</h2><p>Bạn có thể xuất toàn bộ hồ sơ tài chính thành tệp CSV để tự kiểm tra hoặc lưu giữ.</p>
<h2>Tự đổi mật khẩu</h2><p>Chỉ cần mật khẩu cũ, bạn có thể đổi mật khẩu đăng nhập hoặc mật khẩu giao dịch trong Cài đặt. Ở đó cũng liệt kê mọi thiết bị đang đăng nhập và cho phép bạn đăng xuất bất kỳ thiết bị nào.</p>
<h2>Rút tiền của bạn</h2><p>Số dư khả dụng thuộc về bạn. Để bảo vệ số tiền đó, việc rút tiền tạm dừng 24 giờ sau khi tài khoản rút tiền thay đổi; quy tắc này như nhau với mọi người và được hiển thị rõ ràng.</p>
<h2>Đóng tài khoản</h2><p>Bạn có thể yêu cầu đóng tài khoản. Hãy rút hết số dư trước; ngoài hồ sơ tài chính mà pháp luật buộc chúng tôi lưu giữ, dữ liệu của bạn sẽ bị xóa.</p>
<h2>Cảnh báo rủi ro</h2><p>Kết quả của giao dịch theo thời gian phụ thuộc vào giá thị trường lúc đáo hạn, và lệnh thua sẽ mất toàn bộ tiền đặt lệnh. Kết quả trong quá khứ không đảm bảo tương lai. Chỉ giao dịch bằng số tiền bạn chấp nhận mất, và hãy thử tài khoản demo trước để nắm luật.</p>
# Về chúng tôi
<p>Candor là nền tảng giao dịch theo thời gian: bạn mua lên hoặc mua xuống theo giá của sản phẩm sau khoảng thời gian đã chọn, và có thể gửi tiền nhàn rỗi vào Dư Ngạch Bảo để sinh lời. Chúng tôi tin rằng một nền tảng giao dịch phải trung thực nhờ chính cách nó được xây dựng, chứ không chỉ nhờ lời hứa.</p>
<h2>Giá chỉ đến từ thị trường</h2><p>Lệnh bằng tiền thật chỉ dùng giá từ các sàn giao dịch công khai: nền tảng đọc giá mua và giá bán công khai của Binance, OKX, Coinbase và Kraken rồi lấy trung vị của các giá giữa. Khi có ít hơn ba báo giá mới, hoặc các sàn chênh nhau vượt giới hạn, sản phẩm tạm dừng thay vì tự đặt ra một mức giá. Không có màn hình, cài đặt hay công tắc cơ sở dữ liệu nào có thể thay đổi giá, kết quả hay khoản chi trả của một lệnh, kể cả đối với nhân viên vận hành của chúng tôi.</p>
<h2>Mọi đồng tiền đều nằm trong sổ cái</h2><p>Nạp tiền, rút tiền, lệnh, chi trả và lợi nhuận Dư Ngạch Bảo đều được ghi thành bút toán kép có tổng bằng không. Lịch sử tài chính của bạn chính là sổ cái đó, nhìn từ phía bạn.</p>
<h2>Thanh toán bạn có thể kiểm chứng</h2><p>Mỗi lệnh đã thanh toán hiển thị tick mở và tick đóng. Bản ghi tick được niêm phong mỗi giây trong các khối liên kết bằng hàm băm và công khai, nên ai cũng có thể xác nhận rằng nó không bị viết lại về sau.</p>
<h2>Thao tác của nhân viên vận hành hiển thị cho bạn</h2><p>Mọi thao tác nhân viên thực hiện trên tài khoản của bạn, như duyệt nạp tiền, rút tiền hay xác minh danh tính, hoặc xem hồ sơ tài chính của bạn, đều được ghi vào nhật ký kiểm toán không thể sửa và hiển thị trong hoạt động tài khoản của bạn kèm vai trò và lý do. Thay đổi cài đặt sản phẩm ảnh hưởng đến giá được báo trước và không bao giờ áp dụng cho lệnh đang mở.</p>
<h2>Tài khoản do bạn làm chủ</h2><p>Bạn tự đổi mật khẩu đăng nhập và mật khẩu giao dịch bằng mật khẩu cũ, tự thiết lập tài khoản rút tiền (sau khi thay đổi sẽ tạm dừng rút tiền 24 giờ) và có thể xuất toàn bộ lịch sử bất cứ lúc nào. Không có rào cản ẩn.</p>
<h2>Giải thích rõ ràng</h2><p>Mỗi khi yêu cầu bị từ chối, bạn được biết lý do bằng ngôn ngữ của mình, và không có gì bị bỏ dở giữa chừng. Lãi suất Dư Ngạch Bảo luôn được hiển thị theo ngày cùng với mức quy đổi theo năm.</p>`,
  fr: pages`# Politique de confidentialité
<p>Cette politique explique quelles données nous conservons, pourquoi, combien de temps et comment elles sont protégées. Nous ne collectons que ce qui est nécessaire au service.</p>
<h2>Ce que nous conservons</h2><p>Données du compte : votre e-mail, votre numéro de téléphone, votre pseudonyme, la personne qui vous a invité, ainsi que vos mots de passe de connexion et de transaction hachés avec argon2id (nous ne pouvons pas voir les mots de passe eux-mêmes).</p><p>Données de trading et de fonds : ordres, écritures comptables, historiques de dépôts et de retraits, coordonnées du compte de retrait. Pour la vérification d’identité : le nom, le numéro de pièce d’identité et les photos que vous envoyez.</p><p>Données de session : la date de création et de dernière utilisation de chaque session, le navigateur et l’adresse IP, afin que les Paramètres puissent vous montrer vos appareils connectés.</p>
<h2>À quoi elles servent</h2><p>Uniquement à ouvrir et gérer votre compte, exécuter et régler vos ordres, traiter dépôts et retraits, effectuer la vérification d’identité exigée par la loi, protéger votre compte (par exemple en limitant les tentatives de connexion) et répondre à vos demandes d’assistance. Nous n’utilisons pas vos données à des fins publicitaires et ne les vendons pas.</p>
<h2>Ce qui est stocké sur votre appareil</h2><p>Le stockage local de votre navigateur ne conserve que la langue choisie et un état de l’application non confidentiel. Votre connexion est conservée dans un cookie sécurisé réservé au HTTP, illisible par les scripts de la page, et le jeton d’accès de courte durée reste en mémoire. Vider le cache dans les Paramètres supprime ces données locales et met fin à la session.</p>
<h2>Durée de conservation</h2><p>Nous conservons ces données tant que votre compte est ouvert. Après sa clôture, les historiques de fonds et de trading sont conservés aussi longtemps que la loi l’exige pour les documents financiers, et le reste est supprimé. Les sessions terminées expirent.</p>
<h2>Qui peut les voir</h2><p>Le personnel autorisé ne consulte vos données que pour traiter une de vos demandes (par exemple l’examen d’un dépôt, d’un retrait ou d’une vérification), et chaque action d’un opérateur est inscrite dans un journal d’audit non modifiable. Nous ne transmettons vos données à aucun tiers, sauf obligation légale.</p>
<h2>Comment elles sont protégées</h2><p>Chaque requête est limitée à l’utilisateur connecté : personne ne peut lire les ordres, historiques, messages ou photos d’identité d’un autre. Les photos d’identité sont stockées hors de la racine web et montrées uniquement à vous et aux examinateurs. La connexion, l’inscription et les codes de vérification sont limités en fréquence.</p>
# Vos droits et avertissement sur les risques
<p>Vous disposez des droits suivants sur votre compte et vos données. Vous pouvez exercer la plupart d’entre eux vous-même dans l’application, sans attendre le service client.</p>
<h2>Consulter vos données</h2><p>L’espace personnel, vos ordres et votre historique des fonds montrent tout ce que nous détenons sur votre activité, y compris les ticks utilisés pour chaque règlement.</p>
<h2>Les corriger</h2><p>Vous pouvez modifier vous-même votre compte de retrait. Si d’autres informations sont inexactes, le service client les corrigera.</p>
<h2>Les exporter</h2><p>Vous pouvez exporter l’intégralité de vos relevés de fonds au format CSV pour les vérifier ou les conserver.</p>
<h2>Changer vous-même vos mots de passe</h2><p>Avec votre ancien mot de passe, vous pouvez changer le mot de passe de connexion ou de transaction dans les Paramètres. Ceux-ci listent aussi chaque appareil connecté et vous permettent de déconnecter n’importe lequel.</p>
<h2>Retirer votre argent</h2><p>Votre solde disponible vous appartient. Pour le protéger, les retraits sont suspendus 24 heures après un changement de compte de retrait ; la règle est la même pour tous et clairement affichée.</p>
<h2>Fermer votre compte</h2><p>Vous pouvez demander la fermeture de votre compte. Retirez d’abord votre solde ; hormis les documents financiers que la loi nous oblige à conserver, vos données seront supprimées.</p>
<h2>Avertissement sur les risques</h2><p>Le résultat d’un ordre à durée fixe dépend du prix du marché à l’échéance, et un ordre perdant perd toute sa mise. Les résultats passés ne préjugent pas des résultats futurs. Ne tradez qu’avec de l’argent que vous pouvez vous permettre de perdre, et essayez d’abord le compte de démonstration pour apprendre les règles.</p>
# À propos
<p>Candor est une plateforme de trading à durée fixe : vous achetez à la hausse ou à la baisse sur le prix d’un produit après une durée choisie, et vous pouvez placer votre argent inutilisé dans Yu’e Bao pour le faire fructifier. Nous pensons qu’une plateforme de trading doit être honnête par sa conception, et pas seulement par ses promesses.</p>
<h2>Les prix viennent uniquement du marché</h2><p>Les ordres en argent réel ne sont cotés qu’à partir de bourses publiques : la plateforme lit les prix acheteur et vendeur publics de Binance, OKX, Coinbase et Kraken et prend la médiane de leurs prix moyens. Avec moins de trois cotations fraîches, ou si les bourses divergent au-delà de la limite, le produit est suspendu au lieu d’inventer un prix. Aucun écran, réglage ou interrupteur en base de données ne peut modifier le prix, le résultat ou le gain d’un ordre, pas même pour nos propres opérateurs.</p>
<h2>Chaque centime est au grand livre</h2><p>Dépôts, retraits, ordres, gains et revenus Yu’e Bao sont tous enregistrés en écritures à partie double dont la somme est nulle. Votre historique des fonds, c’est ce grand livre vu de votre côté.</p>
<h2>Un règlement que vous pouvez vérifier</h2><p>Chaque ordre réglé affiche les ticks d’ouverture et de clôture utilisés. Le registre des ticks est scellé chaque seconde dans des blocs chaînés par hachage et il est public : chacun peut vérifier qu’il n’a pas été réécrit après coup.</p>
<h2>Les actions des opérateurs vous sont visibles</h2><p>Chaque action de notre personnel sur votre compte, comme l’examen d’un dépôt, d’un retrait ou d’une vérification, ou la consultation de vos relevés de fonds, est inscrite dans un journal d’audit non modifiable et affichée dans l’activité de votre compte avec le rôle et le motif. Les changements de réglages qui influent sur les prix sont annoncés à l’avance et ne touchent jamais un ordre ouvert.</p>
<h2>Votre compte vous appartient</h2><p>Vous changez vous-même vos mots de passe de connexion et de transaction avec l’ancien, vous définissez vous-même votre compte de retrait (un changement déclenche une suspension des retraits de 24 heures) et vous pouvez exporter tout votre historique à tout moment. Aucune barrière cachée.</p>
<h2>Des réponses claires</h2><p>Chaque refus est expliqué dans votre langue, et rien n’est laissé à moitié fait. Le taux de Yu’e Bao est toujours affiché par jour et en équivalent annualisé.</p>`,
  de: pages`# Datenschutzerklärung
<p>Diese Erklärung beschreibt, welche Daten wir speichern, warum, wie lange und wie sie geschützt werden. Wir erheben nur, was für den Dienst nötig ist.</p>
<h2>Was wir speichern</h2><p>Kontodaten: Ihre E-Mail-Adresse, Telefonnummer, Ihr Spitzname, wer Sie eingeladen hat sowie Ihr Anmelde- und Transaktionspasswort als argon2id-Hash (die Passwörter selbst können wir nicht sehen).</p><p>Handels- und Gelddaten: Aufträge, Buchungen, Ein- und Auszahlungen sowie die Angaben zum Auszahlungskonto. Für die Identitätsprüfung: Name, Ausweisnummer und Ausweisfotos, die Sie einreichen.</p><p>Sitzungsdaten: wann jede Anmeldesitzung erstellt und zuletzt genutzt wurde, der Browser und die IP-Adresse, damit die Einstellungen Ihnen Ihre angemeldeten Geräte zeigen können.</p>
<h2>Wofür wir sie nutzen</h2><p>Nur um Ihr Konto zu eröffnen und zu führen, Ihre Aufträge auszuführen und abzurechnen, Ein- und Auszahlungen zu bearbeiten, die gesetzlich vorgeschriebene Identitätsprüfung durchzuführen, Ihr Konto zu schützen (etwa durch begrenzte Anmeldeversuche) und Ihre Supportanfragen zu beantworten. Wir nutzen Ihre Daten nicht für Werbung und verkaufen sie nicht.</p>
<h2>Was auf Ihrem Gerät gespeichert wird</h2><p>Der lokale Speicher Ihres Browsers enthält nur die gewählte Sprache und nicht vertrauliche App-Zustände. Ihre Anmeldung liegt in einem sicheren, nur per HTTP lesbaren Cookie, auf das Skripte der Seite keinen Zugriff haben; das kurzlebige Zugriffstoken bleibt im Arbeitsspeicher. Das Leeren des Caches in den Einstellungen löscht diese Daten und beendet die Sitzung.</p>
<h2>Wie lange wir sie aufbewahren</h2><p>Solange Ihr Konto besteht, speichern wir die genannten Daten. Nach der Schließung bewahren wir Geld- und Handelsaufzeichnungen so lange auf, wie es das Gesetz für Finanzunterlagen verlangt, und löschen den Rest. Beendete Sitzungen laufen ab.</p>
<h2>Wer sie sehen kann</h2><p>Berechtigte Mitarbeitende sehen Ihre Daten nur, wenn sie eine Ihrer Anfragen bearbeiten (etwa die Prüfung einer Einzahlung, Auszahlung oder Identitätsprüfung), und jede Aktion eines Betreibers wird in ein unveränderliches Prüfprotokoll geschrieben. Ohne gesetzliche Pflicht geben wir Ihre Daten an keine Dritten weiter.</p>
<h2>Wie sie geschützt sind</h2><p>Jede Abfrage ist auf den angemeldeten Nutzer beschränkt: Niemand kann Aufträge, Verläufe, Nachrichten oder Ausweisfotos anderer lesen. Ausweisfotos liegen außerhalb des Web-Verzeichnisses und werden nur Ihnen und den Prüfern gezeigt. Anmeldung, Registrierung und Bestätigungscodes sind in ihrer Häufigkeit begrenzt.</p>
# Ihre Rechte und Risikohinweis
<p>Sie haben die folgenden Rechte an Ihrem Konto und Ihren Daten. Die meisten können Sie selbst in der App ausüben, ohne auf den Kundendienst zu warten.</p>
<h2>Auskunft</h2><p>Der persönliche Bereich, Ihre Aufträge und Ihre Kontobewegungen zeigen alles, was wir zu Ihrer Aktivität speichern, einschließlich der Kurse, die jede Abrechnung verwendet hat.</p>
<h2>Berichtigung</h2><p>Ihr Auszahlungskonto können Sie selbst ändern. Sind andere Angaben falsch, korrigiert sie der Kundenservice.</p>
<h2>Export</h2><p>Sie können Ihre vollständigen Kapitalbuchungen als CSV-Datei exportieren, um sie selbst zu prüfen oder aufzubewahren.</p>
<h2>Passwörter selbst ändern</h2><p>Mit Ihrem alten Passwort ändern Sie in den Einstellungen das Anmelde- oder Transaktionspasswort. Dort sehen Sie auch alle angemeldeten Geräte und können jedes davon abmelden.</p>
<h2>Ihr Geld abheben</h2><p>Ihr verfügbares Guthaben gehört Ihnen. Zu seinem Schutz ruhen Auszahlungen 24 Stunden nach einer Änderung des Auszahlungskontos; die Regel gilt für alle gleich und wird deutlich angezeigt.</p>
<h2>Konto schließen</h2><p>Sie können die Schließung Ihres Kontos beantragen. Zahlen Sie zuerst Ihr Guthaben aus; abgesehen von den Finanzunterlagen, die wir gesetzlich aufbewahren müssen, werden Ihre Daten gelöscht.</p>
<h2>Risikohinweis</h2><p>Das Ergebnis eines Handels mit fester Laufzeit hängt vom Marktpreis bei Ablauf ab, und ein verlorener Auftrag verliert seinen gesamten Einsatz. Vergangene Ergebnisse sagen nichts über künftige aus. Handeln Sie nur mit Geld, dessen Verlust Sie verkraften, und lernen Sie die Regeln zuerst mit dem Demokonto.</p>
# Über uns
<p>Candor ist eine Plattform für den Handel mit fester Laufzeit: Sie setzen darauf, ob der Kurs eines Produkts nach einer gewählten Zeit steigt oder fällt, und können ungenutztes Geld in Yu’e Bao verzinsen lassen. Wir sind überzeugt, dass eine Handelsplattform durch ihre Bauweise ehrlich sein muss, nicht nur durch Versprechen.</p>
<h2>Preise kommen nur vom Markt</h2><p>Echtgeld-Orders werden nur mit Kursen öffentlicher Börsen bewertet: Die Plattform liest die öffentlichen Geld- und Briefkurse von Binance, OKX, Coinbase und Kraken und nimmt den Median ihrer Mittelkurse. Gibt es weniger als drei frische Kurse oder weichen die Börsen stärker als erlaubt voneinander ab, wird das Produkt ausgesetzt, statt einen Kurs zu erfinden. Kein Bildschirm, keine Einstellung und kein Datenbankschalter kann Kurs, Ergebnis oder Auszahlung einer einzelnen Order ändern, auch nicht für unsere eigenen Betreiber.</p>
<h2>Jeder Cent steht im Hauptbuch</h2><p>Einzahlungen, Auszahlungen, Aufträge, Gewinne und Yu’e-Bao-Erträge werden als Buchungssätze der doppelten Buchführung erfasst, deren Summe null ist. Ihre Kontobewegungen sind dieses Hauptbuch aus Ihrer Sicht.</p>
<h2>Eine Abrechnung, die Sie prüfen können</h2><p>Jeder abgerechnete Auftrag zeigt die Kurse, zu denen er eröffnet und geschlossen wurde. Das Kursregister wird jede Sekunde in per Hash verketteten Blöcken versiegelt und ist öffentlich, sodass jeder prüfen kann, dass es nachträglich nicht umgeschrieben wurde.</p>
<h2>Was Betreiber tun, sehen Sie</h2><p>Jede Handlung unserer Mitarbeiter an Ihrem Konto, etwa die Prüfung einer Einzahlung, Auszahlung oder Verifizierung oder das Ansehen Ihrer Kapitalbuchungen, wird in ein unveränderliches Prüfprotokoll geschrieben und mit Rolle und Grund in Ihrer Kontoaktivität angezeigt. Änderungen an Produkteinstellungen, die Kurse beeinflussen, werden vorab angekündigt und erreichen nie eine offene Order.</p>
<h2>Ihr Konto gehört Ihnen</h2><p>Sie ändern Anmelde- und Transaktionspasswort selbst mit dem alten Passwort, legen Ihr Auszahlungskonto selbst fest (eine Änderung löst eine 24-stündige Auszahlungssperre aus) und können jederzeit Ihren gesamten Verlauf exportieren. Es gibt keine versteckten Hürden.</p>
<h2>Klare Antworten</h2><p>Wird etwas abgelehnt, erfahren Sie den Grund in Ihrer Sprache, und nichts bleibt halb erledigt. Der Yu’e-Bao-Zins wird immer pro Tag und als Jahreswert angezeigt.</p>`,
};
