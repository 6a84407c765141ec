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
  kycApproved: { title: 'Identity verified', body: 'Your identity is verified. You can now withdraw.' },
  kycRejected: { title: 'Verification not accepted', body: 'Your identity verification was not accepted: {{reason}}. {{message}} Please submit it again.' },
  kycRejectedFinal: { title: 'Verification closed', body: 'Your identity verification was not accepted: {{reason}}. {{message}} Please contact support.' },
  /** A reviewer's reason for turning a verification down (KYC_REJECT_REASONS). */
  kycReasons: { unreadable: 'the photo cannot be read', mismatch: 'the data does not match the document', expired: 'the document has expired', not_an_id: 'this is not an identity document', incomplete: 'a side or a field is missing', duplicate: 'the ID number is already verified on another account', other: 'see the message below' },
};
