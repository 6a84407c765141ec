// The explanation page of prices (/pages/prices/prices): loaded with that page, not with the app.
export default {
  title: 'How prices are made',
  intro: 'Real money trades only on prices from public exchanges that anyone can check. Here is how a price is made from them, what happens when they fall silent or disagree, and how you can check any price yourself.',
  sections: {
    source: {
      title: 'Where prices come from',
      text: 'For each product with exchange prices we read the public market data of Binance, OKX, Coinbase and Kraken, the same data anyone can read without an account. Each exchange’s price is the mid of its best bid and best ask: (bid + ask) ÷ 2.\n\nThe product page shows each exchange’s current quote, and whether the price uses it or why not.',
    },
    rule: {
      title: 'The rule: the median of fresh exchanges',
      text: 'An exchange counts while it is fresh, that is while we have heard from it in the last {{staleSeconds}} seconds. When at least {{quorum}} exchanges are fresh, the price is the median of their mids. An exchange more than {{bps}} basis points ({{percent}}) away from that median is dropped, and the median is computed again without it.\n\nQuote currencies are never mixed: USDT prices go with USDT prices, USD with USD.',
    },
    halt: {
      title: 'When prices pause',
      text: 'With fewer than {{quorum}} fresh exchanges, or when the fresh ones disagree beyond the limit, there is no valid price: the product is halted. Its price is greyed out with the reason (“not enough exchanges” or “exchanges disagree”), no price is recorded, and new orders are refused.\n\nIt resumes by itself as soon as enough exchanges agree again. Nobody decides when: the same rule that pauses a product starts it again.',
    },
    expiry: {
      title: 'Orders that expire during a pause',
      text: 'An order whose expiry falls inside a halt settles on the first valid price within {{graceSeconds}} seconds after its expiry. If no valid price comes within those {{graceSeconds}} seconds, the order is voided, its whole stake is refunded, and its receipt says why. No order stays open forever, and none settles on a price that is not in the record.',
    },
    simulated: {
      title: 'Simulated prices: demo only',
      text: 'Some products have no free public exchange price (forex and metals, for example). Their prices come from a simulator, and wherever they are shown they carry the badge “Simulated prices: demo only”. Only the demo account can trade them: no setting allows real money on simulated prices.',
    },
    check: {
      title: 'Check a price yourself',
      text: 'Each tick is stored with every exchange quote read for it, used or dropped, and with the rule and its parameters. The ticks of each second form a block whose hash includes the previous block’s hash, so a quote changed afterwards breaks the chain. Three ways to check:',
    },
  },
  checks: {
    record: 'The public tick record: each tick lists its quotes (exchange, bid, ask, the exchange’s own time and id, when we received it, used or dropped). This script checks a product’s record and recomputes every median from its quotes:',
    receipt: 'The receipt of a settled order lists the quotes of its opening and closing tick, and its page can check them in your browser. This script does the same on your computer:',
    venues: 'The exchanges’ own history: this script fetches each exchange’s public trades or one-second candles for that second and reports whether every recorded quote lies within that exchange’s own range at the time:',
  },
  scripts: 'The scripts come with the platform’s source code and need only Node.js.',
};
