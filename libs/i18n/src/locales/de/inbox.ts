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
  totpEnabled: { title: 'Zwei-Faktor-Anmeldung aktiviert', body: 'Die Zwei-Faktor-Anmeldung wurde am {{at}} für Ihr Konto aktiviert. Ab jetzt verlangen Anmeldung, Auszahlungen und Änderungen des Auszahlungskontos einen Code aus Ihrer Authenticator-App. Waren Sie das nicht, wenden Sie sich sofort an den Support.' },
  totpDisabled: { title: 'Zwei-Faktor-Anmeldung deaktiviert', body: 'Die Zwei-Faktor-Anmeldung wurde am {{at}} für Ihr Konto deaktiviert. Waren Sie das nicht, ändern Sie sofort Ihr Anmeldepasswort und wenden Sie sich an den Support.' },
  kycApproved: { title: 'Identität bestätigt', body: 'Ihre Identität ist bestätigt. Sie können jetzt auszahlen.' },
  kycRejected: { title: 'Verifizierung abgelehnt', body: 'Ihre Identitätsprüfung wurde nicht angenommen: {{reason}}. {{message}} Bitte reichen Sie sie erneut ein.' },
  kycRejectedFinal: { title: 'Verifizierung abgeschlossen', body: 'Ihre Identitätsprüfung wurde nicht angenommen: {{reason}}. {{message}} Bitte wenden Sie sich an den Support.' },
  kycReasons: { unreadable: 'das Foto ist nicht lesbar', mismatch: 'die Angaben stimmen nicht mit dem Dokument überein', expired: 'das Dokument ist abgelaufen', not_an_id: 'das ist kein Ausweisdokument', incomplete: 'eine Seite oder ein Feld fehlt', duplicate: 'diese Nummer ist bereits in einem anderen Konto verifiziert', other: 'siehe die Nachricht unten' },
  supportReplied: { title: 'Der Kundenservice hat geantwortet', body: 'Der Kundenservice hat auf Ihre Nachricht geantwortet. Öffnen Sie den Online-Service, um sie zu lesen.' },
  priceAlert: { title: 'Kursalarm: {{name}}', body: '{{name}} ({{symbol}}) {{side}}: {{level}}. Der Kurs lag um {{at}} bei {{price}}. Dieser Alarm ist erledigt; bei Bedarf stellen Sie auf der Produktseite einen neuen ein.' },
  /** How a price alert's level was reached (`priceAlert`'s side). */
  priceAlertSides: { above: 'ist auf Ihren Alarmkurs gestiegen', below: 'ist auf Ihren Alarmkurs gefallen' },
  limitRaisePending: { title: 'Limitänderung wartet', body: 'Sie haben Ihr Limit {{limit}} erhöht oder entfernt (neuer Wert: {{value}}). Die Änderung gilt ab {{effectiveAt}} (UTC); bis dahin bleibt das aktuelle Limit in Kraft.' },
  /** A responsible-trading limit's name (`limitRaisePending`'s limit). */
  limitNames: { depositDay: 'Einzahlung pro Tag', depositWeek: 'Einzahlung pro Woche', depositMonth: 'Einzahlung pro Monat', lossDay: 'Verlust pro Tag', lossWeek: 'Verlust pro Woche', lossMonth: 'Verlust pro Monat', stakePerOrder: 'Einsatz pro Auftrag', reminderMinutes: 'Sitzungserinnerung' },
  limitNone: 'kein Limit',
};
