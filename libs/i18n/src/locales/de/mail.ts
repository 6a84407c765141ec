// E-mails the server sends (subject, text, and the same text in HTML), in the recipient's language.
export default {
  greeting: 'Hallo,',
  linkHint: 'Falls sich die Schaltfläche nicht öffnet, kopieren Sie diesen Link in Ihren Browser:',
  signature: 'Ihr Candor-Team',
  footerSecurity: 'Dies ist ein Sicherheitshinweis zu Ihrem Konto und kann nicht abbestellt werden. Fragen? Wenden Sie sich an den Support.',
  footerOptional: 'Sie können diese E-Mails unter Einstellungen, E-Mail-Benachrichtigungen abschalten.',
  emailConfirm: {
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    body: 'Danke für Ihre Registrierung bei Candor. Bitte bestätigen Sie diese E-Mail-Adresse mit der Schaltfläche unten; danach sind Auszahlungen möglich.',
    action: 'E-Mail bestätigen',
    note: 'Der Link ist {{hours}} Stunden gültig und funktioniert einmal. Wenn Sie sich nicht bei Candor registriert haben, ignorieren Sie diese E-Mail.',
  },
  emailChangeConfirm: {
    subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
    body: 'Sie haben beantragt, die E-Mail-Adresse Ihres Candor-Kontos in {{email}} zu ändern. Bitte bestätigen Sie sie mit der Schaltfläche unten; bis dahin bleibt die alte Adresse in Gebrauch.',
    action: 'Neue Adresse bestätigen',
    note: 'Der Link ist {{hours}} Stunden gültig und funktioniert einmal. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail.',
  },
  emailChangeNotice: {
    subject: 'Die E-Mail-Adresse Ihres Kontos wird geändert',
    body: 'Jemand hat beantragt, die E-Mail-Adresse Ihres Candor-Kontos in {{email}} zu ändern. Sobald die neue Adresse bestätigt ist, erhält diese Adresse keine Hinweise mehr.',
    note: 'Wenn Sie das nicht waren, ändern Sie sofort Ihr Anmeldepasswort und wenden Sie sich an den Support.',
  },
  passwordReset: {
    subject: 'Anmeldepasswort zurücksetzen',
    body: 'Wir haben eine Anfrage erhalten, das Anmeldepasswort Ihres Candor-Kontos zurückzusetzen. Legen Sie mit der Schaltfläche unten ein neues fest (Ihr Transaktionspasswort bleibt unverändert).',
    action: 'Passwort zurücksetzen',
    note: 'Der Link ist {{minutes}} Minuten gültig und funktioniert einmal. Wenn Sie nichts angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
  },
  passwordChanged: {
    subject: 'Ihr Anmeldepasswort wurde geändert',
    body: 'Das Anmeldepasswort Ihres Candor-Kontos wurde am {{at}} geändert, und alle Geräte wurden abgemeldet.',
    note: 'Wenn Sie das nicht waren, setzen Sie es sofort über „Passwort vergessen“ zurück und wenden Sie sich an den Support.',
  },
  newDevice: {
    subject: 'Anmeldung auf einem neuen Gerät',
    body: 'Ihr Konto wurde am {{at}} auf einem neuen Gerät angemeldet: {{device}} (IP {{ip}}).',
    note: 'Waren Sie das nicht, ändern Sie sofort Ihr Anmeldepasswort und melden Sie andere Geräte in den Einstellungen ab.',
  },
  withdrawalRequested: {
    subject: 'Auszahlung {{orderNo}} eingegangen',
    body: 'Ihre Auszahlung {{orderNo}} ({{amount}}) wurde eingereicht; der Betrag ist während der Prüfung gesperrt.',
    note: 'Wenn Sie das nicht waren, ändern Sie sofort Ihre Passwörter und wenden Sie sich an den Support.',
  },
  withdrawalPaid: {
    subject: 'Auszahlung {{orderNo}} ausgezahlt',
    body: 'Ihre Auszahlung {{orderNo}} ({{amount}}) wurde auf Ihr Auszahlungskonto überwiesen.',
  },
  withdrawalReturned: {
    subject: 'Auszahlung {{orderNo}} zurückgewiesen',
    body: 'Ihre Auszahlung {{orderNo}} ({{amount}}) wurde nicht genehmigt; der Betrag ist wieder in Ihrem Guthaben. Grund: {{reason}}',
  },
  withdrawalCancelled: {
    subject: 'Auszahlung {{orderNo}} storniert',
    body: 'Ihre Auszahlung {{orderNo}} ({{amount}}) wurde storniert; der Betrag ist wieder in Ihrem Guthaben.',
  },
  verificationApproved: {
    subject: 'Identitätsprüfung bestanden',
    body: 'Ihre Identitätsprüfung wurde genehmigt; alle Funktionen stehen Ihnen jetzt offen.',
  },
  verificationRejected: {
    subject: 'Identitätsprüfung nicht bestanden',
    body: 'Ihre Identitätsprüfung wurde nicht genehmigt. Grund: {{reason}}',
    note: 'Sie können Ihre Angaben im Kontobereich korrigieren und erneut einreichen.',
  },
};
