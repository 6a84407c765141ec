// System messages the server sends to a user, rendered in the reader's language.
export default {
  depositApproved: { title: 'Deposit credited', body: 'Your deposit {{orderNo}} of {{amount}} has been credited.' },
  depositRejected: { title: 'Deposit not credited', body: 'Your deposit {{orderNo}} of {{amount}} was not credited: {{reason}}' },
  withdrawalPaid: { title: 'Withdrawal paid', body: 'Your withdrawal {{orderNo}} of {{amount}} has been paid out.' },
  withdrawalRejected: { title: 'Withdrawal returned', body: 'Your withdrawal {{orderNo}} of {{amount}} was rejected and the money is back in your balance: {{reason}}' },
  withdrawalAccountBound: { title: 'Withdrawal account bound', body: 'Your withdrawal account {{masked}} is bound.' },
  withdrawalAccountChanged: { title: 'Withdrawal account changed', body: 'Your withdrawal account was changed to {{masked}}. Withdrawals are on hold until {{holdUntil}}. If this was not you, change your passwords and contact support.' },
  newLogin: { title: 'New sign-in', body: 'Your account was signed in on a new device, {{device}} (IP {{ip}}), at {{at}}. If this was not you, change your login password now and sign out other devices in Settings.' },
  passwordReset: { title: 'Login password reset', body: 'Your login password was reset through an e-mailed link at {{at}}, and every device was signed out. If this was not you, contact support now.' },
};
