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
  totpEnabled: { title: 'Two-factor sign-in turned on', body: 'Two-factor sign-in was turned on for your account at {{at}}. From now on, signing in, withdrawals and changes of the withdrawal account ask for a code from your authenticator app. If this was not you, contact support now.' },
  totpDisabled: { title: 'Two-factor sign-in turned off', body: 'Two-factor sign-in was turned off for your account at {{at}}. If this was not you, change your login password and contact support now.' },
  kycApproved: { title: 'Identity verified', body: 'Your identity is verified. You can now withdraw.' },
  kycRejected: { title: 'Verification not accepted', body: 'Your identity verification was not accepted: {{reason}}. {{message}} Please submit it again.' },
  kycRejectedFinal: { title: 'Verification closed', body: 'Your identity verification was not accepted: {{reason}}. {{message}} Please contact support.' },
  /** A reviewer's reason for turning a verification down (KYC_REJECT_REASONS). */
  kycReasons: { unreadable: 'the photo cannot be read', mismatch: 'the data does not match the document', expired: 'the document has expired', not_an_id: 'this is not an identity document', incomplete: 'a side or a field is missing', duplicate: 'the ID number is already verified on another account', other: 'see the message below' },
  supportReplied: { title: 'Customer service replied', body: 'Customer service has answered your message. Open Online service to read it.' },
  priceAlert: { title: 'Price alert: {{name}}', body: '{{name}} ({{symbol}}) {{side}}: {{level}}. The price was {{price}} at {{at}}. This alert is now done; set a new one on the product page if you need it.' },
  /** How a price alert's level was reached (`priceAlert`'s side). */
  priceAlertSides: { above: 'rose to your alert price', below: 'fell to your alert price' },
  limitRaisePending: { title: 'Limit change waiting', body: 'You raised or removed your limit “{{limit}}” (new value: {{value}}). The change applies at {{effectiveAt}} (UTC); until then your current limit stays in force.' },
  /** A responsible-trading limit's name (`limitRaisePending`'s limit). */
  limitNames: { depositDay: 'Daily deposit', depositWeek: 'Weekly deposit', depositMonth: 'Monthly deposit', lossDay: 'Daily loss', lossWeek: 'Weekly loss', lossMonth: 'Monthly loss', stakePerOrder: 'Stake per order', reminderMinutes: 'Session reminder' },
  limitNone: 'no limit',
};
