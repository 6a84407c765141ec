export default {
  welcome: {
    tagline: 'Honest fixed-time trading: prices come only from the market, and every cent is on the books.',
    enter: 'Enter the platform',
    risk: 'Trading is risky and you can lose your whole stake. Only use money you can afford to lose.',
    points: {
      prices: { title: 'Real market prices', text: 'Prices come only from market data. Nobody can change a price or an outcome.' },
      ledger: { title: 'Every cent on the ledger', text: 'Every movement of money is recorded in a double-entry ledger you can check.' },
      verify: { title: 'Verifiable settlement', text: 'Each order names its opening and closing ticks, which you can check in the public record.' },
    },
  },
  about: {
    title: 'About us',
    version: 'Version {{version}}',
    intro: 'Candor is a fixed-time trading platform: you buy up or buy down on where a product’s price will be after a chosen time, and you can park idle money in Yu’e Bao to earn on it. We believe a trading platform should be honest by construction, not merely by promise.',
    sections: {
      prices: {
        title: 'Prices come only from the market',
        text: 'Opening and settlement prices come from the market feed and the server’s clock. No screen, setting or database switch can change the price, outcome or payout of an individual order, not even for our own operators.',
      },
      ledger: {
        title: 'Every cent is on the ledger',
        text: 'Deposits, withdrawals, orders, payouts and Yu’e Bao income are all recorded as double-entry journal entries whose postings add up to zero. Your capital records are that ledger, seen from your side.',
      },
      verify: {
        title: 'Settlement you can verify',
        text: 'Every settled order shows the ticks it opened and closed on. The tick record is sealed every second in hash-linked blocks and is public, so anyone can confirm it was not rewritten afterwards.',
      },
      selfService: {
        title: 'You own your account',
        text: 'You change your login and transaction passwords yourself with the old one, set your own withdrawal account (a change starts a 24-hour withdrawal hold), and can export your full history at any time. There are no hidden gates.',
      },
      clarity: {
        title: 'Clear answers',
        text: 'Whenever something is refused, you are told why in your own language, and nothing is left half done. The Yu’e Bao rate is always shown both per day and as its annualised equivalent.',
      },
    },
  },
  privacy: {
    title: 'Privacy policy',
    updated: 'Applies to version 1.0.0',
    intro: 'This policy explains what data we keep, why, for how long, and how it is protected. We collect only what is needed to provide the service.',
    rightsLink: 'See your rights and the risk notice',
    sections: {
      collect: {
        title: 'What we keep',
        text: 'Account data: your e-mail, phone number, nickname, who invited you, and your login and transaction passwords hashed with argon2id (we cannot see the passwords themselves).\n\nTrading and money data: orders, ledger entries, deposit and withdrawal records and your withdrawal account details. For identity verification, the name, ID number and ID photos you submit.\n\nSession data: when each login session was created and last used, the browser and the IP address, so that Settings can show you your logged-in devices.',
      },
      use: {
        title: 'What we use it for',
        text: 'Only to open and run your account, execute and settle your trades, process deposits and withdrawals, complete identity verification as the law requires, keep your account safe (for example by limiting login attempts) and answer your support requests. We do not use your data for advertising and we do not sell it.',
      },
      device: {
        title: 'What is stored on your device',
        text: 'Your browser’s local storage keeps only the language you chose and non-secret app state. Your login is kept in a secure HTTP-only cookie that page scripts cannot read, and the short-lived access token stays in memory. Clearing the cache in Settings deletes this local data and ends your session.',
      },
      retention: {
        title: 'How long we keep it',
        text: 'We keep the data above while your account is open. When it is closed, money and trading records are kept as long as the law requires for financial records, and the rest is deleted. Ended login sessions expire.',
      },
      sharing: {
        title: 'Who can see it',
        text: 'Authorised staff see your data only when handling a request of yours (for example reviewing a deposit, a withdrawal or a verification), and every operator action is written to an audit log that cannot be changed. We give your data to no third party unless the law requires it.',
      },
      security: {
        title: 'How it is protected',
        text: 'Every query is limited to the logged-in user: nobody can read another user’s orders, records, messages or ID photos. ID photos are stored outside the web root and shown only to you and to reviewers. Login, registration and verification codes are rate limited.',
      },
    },
  },
  rights: {
    title: 'Your rights and risk notice',
    intro: 'You have the following rights over your account and your data. Most of them you can exercise yourself in the app, without waiting for customer service.',
    sections: {
      access: {
        title: 'See your data',
        text: 'The personal center, your orders and your capital records show everything we hold about your activity, including the ticks each settlement used.',
      },
      correct: {
        title: 'Correct it',
        text: 'You can change your nickname and withdrawal account yourself. If other details are wrong, customer service will correct them.',
      },
      export: {
        title: 'Export it',
        text: 'You can export your complete order and capital history to check or keep it yourself.',
      },
      password: {
        title: 'Change your passwords yourself',
        text: 'With your old password you can change the login or transaction password in Settings. Settings also lists every logged-in device and lets you log any of them out.',
      },
      withdraw: {
        title: 'Take out your money',
        text: 'Your available balance is yours. To protect it, withdrawals pause for 24 hours after the withdrawal account changes; the rule is the same for everyone and is shown clearly.',
      },
      close: {
        title: 'Close your account',
        text: 'You can ask to close your account. Withdraw your balance first; apart from the financial records the law requires us to keep, your data will be deleted.',
      },
      risk: {
        title: 'Risk notice',
        text: 'The result of a fixed-time trade depends on the market price at expiry, and a losing order loses its whole stake. Past results do not predict future ones. Only trade with money you can afford to lose, and try the demo account first to learn the rules.',
      },
    },
  },
  news: {
    title: 'News',
    emptyTitle: 'No news yet',
    emptyText: 'Market news and platform announcements will appear here when they are published.',
  },
};
