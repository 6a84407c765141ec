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
  kycApproved: { title: 'Identität bestätigt', body: 'Ihre Identität ist bestätigt. Sie können jetzt auszahlen.' },
  kycRejected: { title: 'Verifizierung abgelehnt', body: 'Ihre Identitätsprüfung wurde nicht angenommen: {{reason}}. {{message}} Bitte reichen Sie sie erneut ein.' },
  kycRejectedFinal: { title: 'Verifizierung abgeschlossen', body: 'Ihre Identitätsprüfung wurde nicht angenommen: {{reason}}. {{message}} Bitte wenden Sie sich an den Support.' },
  kycReasons: { unreadable: 'das Foto ist nicht lesbar', mismatch: 'die Angaben stimmen nicht mit dem Dokument überein', expired: 'das Dokument ist abgelaufen', not_an_id: 'das ist kein Ausweisdokument', incomplete: 'eine Seite oder ein Feld fehlt', duplicate: 'diese Nummer ist bereits in einem anderen Konto verifiziert', other: 'siehe die Nachricht unten' },
};
