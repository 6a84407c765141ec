// System messages the server sends to a user, rendered in the reader's language.
export default {
  depositApproved: { title: 'Einzahlung gutgeschrieben', body: 'Ihre Einzahlung {{orderNo}} über {{amount}} wurde gutgeschrieben.' },
  depositRejected: { title: 'Einzahlung nicht gutgeschrieben', body: 'Ihre Einzahlung {{orderNo}} über {{amount}} wurde nicht gutgeschrieben: {{reason}}' },
  withdrawalPaid: { title: 'Auszahlung ausgezahlt', body: 'Ihre Auszahlung {{orderNo}} über {{amount}} wurde ausgezahlt.' },
  withdrawalRejected: { title: 'Auszahlung zurückgebucht', body: 'Ihre Auszahlung {{orderNo}} über {{amount}} wurde abgelehnt, das Geld ist wieder auf Ihrem Guthaben: {{reason}}' },
  withdrawalAccountBound: { title: 'Auszahlungskonto hinterlegt', body: 'Ihr Auszahlungskonto {{masked}} ist hinterlegt.' },
  withdrawalAccountChanged: { title: 'Auszahlungskonto geändert', body: 'Ihr Auszahlungskonto wurde auf {{masked}} geändert. Auszahlungen sind bis {{holdUntil}} gesperrt. Waren Sie das nicht, ändern Sie Ihre Passwörter und kontaktieren Sie den Support.' },
  newLogin: { title: 'Neue Anmeldung', body: 'Ihr Konto wurde am {{at}} auf einem neuen Gerät angemeldet: {{device}} (IP {{ip}}). Waren Sie das nicht, ändern Sie sofort Ihr Anmeldepasswort und melden Sie andere Geräte in den Einstellungen ab.' },
  passwordReset: { title: 'Anmeldepasswort zurückgesetzt', body: 'Ihr Anmeldepasswort wurde am {{at}} über einen per E-Mail gesendeten Link zurückgesetzt, und alle Geräte wurden abgemeldet. Waren Sie das nicht, wenden Sie sich sofort an den Support.' },
};
