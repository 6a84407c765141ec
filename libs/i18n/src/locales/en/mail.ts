// E-mails the server sends (subject, text, and the same text in HTML), in the recipient's language.
export default {
  greeting: 'Hello,',
  linkHint: 'If the button does not open, copy this link into your browser:',
  signature: 'The Candor team',
  footerSecurity: 'This is a security notice about your account and cannot be turned off. Questions? Contact support.',
  footerOptional: 'You can turn these e-mails off under Settings, e-mail notifications.',
  emailConfirm: {
    subject: 'Please confirm your e-mail address',
    body: 'Thank you for registering with Candor. Please confirm this e-mail address with the button below; withdrawals open once it is confirmed.',
    action: 'Confirm e-mail',
    note: 'The link is valid for {{hours}} hours and works once. If you did not register with Candor, ignore this e-mail.',
  },
  emailChangeConfirm: {
    subject: 'Please confirm your new e-mail address',
    body: 'You asked to change the e-mail address of your Candor account to {{email}}. Please confirm it with the button below; until then your old address stays in use.',
    action: 'Confirm new address',
    note: 'The link is valid for {{hours}} hours and works once. If this was not you, ignore this e-mail.',
  },
  emailChangeNotice: {
    subject: 'The e-mail address of your account is about to change',
    body: 'Someone asked to change the e-mail address of your Candor account to {{email}}. Once the new address is confirmed, the account uses it and this address receives no more notices.',
    note: 'If this was not you, change your login password now and contact support.',
  },
  passwordReset: {
    subject: 'Reset your login password',
    body: 'We received a request to reset the login password of your Candor account. Set a new login password with the button below (your transaction password does not change).',
    action: 'Reset password',
    note: 'The link is valid for {{minutes}} minutes and works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  passwordChanged: {
    subject: 'Your login password was changed',
    body: 'The login password of your Candor account was changed at {{at}}, and every device was signed out.',
    note: 'If this was not you, reset your password now with "Forgot password" and contact support.',
  },
  newDevice: {
    subject: 'Your account was signed in on a new device',
    body: 'Your account was signed in on a new device, {{device}} (IP {{ip}}), at {{at}}.',
    note: 'If this was not you, change your login password now and sign out other devices in Settings.',
  },
  withdrawalRequested: {
    subject: 'Withdrawal {{orderNo}} received',
    body: 'Your withdrawal {{orderNo}} ({{amount}}) was submitted; the money is held while it is reviewed.',
    note: 'If this was not you, change your passwords now and contact support.',
  },
  withdrawalPaid: {
    subject: 'Withdrawal {{orderNo}} paid',
    body: 'Your withdrawal {{orderNo}} ({{amount}}) was paid out to your withdrawal account.',
  },
  withdrawalReturned: {
    subject: 'Withdrawal {{orderNo}} returned',
    body: 'Your withdrawal {{orderNo}} ({{amount}}) was not approved and the money is back in your balance. Reason: {{reason}}',
  },
  withdrawalCancelled: {
    subject: 'Withdrawal {{orderNo}} cancelled',
    body: 'Your withdrawal {{orderNo}} ({{amount}}) was cancelled and the money is back in your balance.',
  },
  verificationApproved: {
    subject: 'Identity verification approved',
    body: 'Your identity verification was approved; every feature is now open to you.',
  },
  verificationRejected: {
    subject: 'Identity verification not approved',
    body: 'Your identity verification was not approved. Reason: {{reason}}',
    note: 'You can correct your details in your account center and submit them again.',
  },
};
