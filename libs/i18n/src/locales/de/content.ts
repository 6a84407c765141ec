export default {
  welcome: {
    tagline: 'Ehrlicher Handel mit fester Laufzeit: Preise kommen nur vom Markt, und jeder Cent steht in den Büchern.',
    enter: 'Zur Plattform',
    risk: 'Handeln ist riskant und Sie können Ihren gesamten Einsatz verlieren. Setzen Sie nur Geld ein, dessen Verlust Sie verkraften.',
    points: {
      prices: { title: 'Echte Marktpreise', text: 'Preise stammen nur aus Marktdaten. Niemand kann einen Preis oder ein Ergebnis ändern.' },
      ledger: { title: 'Jeder Cent im Hauptbuch', text: 'Jede Geldbewegung wird in einer doppelten Buchführung erfasst, die Sie prüfen können.' },
      verify: { title: 'Prüfbare Abrechnung', text: 'Jeder Auftrag nennt seine Eröffnungs- und Schlusskurse, die Sie im öffentlichen Register abgleichen können.' },
    },
  },
  about: {
    title: 'Über uns',
    version: 'Version {{version}}',
    intro: 'Candor ist eine Plattform für den Handel mit fester Laufzeit: Sie setzen darauf, ob der Kurs eines Produkts nach einer gewählten Zeit steigt oder fällt, und können ungenutztes Geld in Yu’e Bao verzinsen lassen. Wir sind überzeugt, dass eine Handelsplattform durch ihre Bauweise ehrlich sein muss, nicht nur durch Versprechen.',
    sections: {
      prices: {
        title: 'Preise kommen nur vom Markt',
        text: 'Eröffnungs- und Abrechnungskurse stammen aus dem Marktdaten-Feed und der Serveruhr. Kein Bildschirm, keine Einstellung und kein Datenbankschalter kann Kurs, Ergebnis oder Auszahlung eines einzelnen Auftrags ändern, auch nicht für unsere eigenen Betreiber.',
      },
      ledger: {
        title: 'Jeder Cent steht im Hauptbuch',
        text: 'Einzahlungen, Auszahlungen, Aufträge, Gewinne und Yu’e-Bao-Erträge werden als Buchungssätze der doppelten Buchführung erfasst, deren Summe null ist. Ihre Kontobewegungen sind dieses Hauptbuch aus Ihrer Sicht.',
      },
      verify: {
        title: 'Eine Abrechnung, die Sie prüfen können',
        text: 'Jeder abgerechnete Auftrag zeigt die Kurse, zu denen er eröffnet und geschlossen wurde. Das Kursregister wird jede Sekunde in per Hash verketteten Blöcken versiegelt und ist öffentlich, sodass jeder prüfen kann, dass es nachträglich nicht umgeschrieben wurde.',
      },
      selfService: {
        title: 'Ihr Konto gehört Ihnen',
        text: 'Sie ändern Anmelde- und Transaktionspasswort selbst mit dem alten Passwort, legen Ihr Auszahlungskonto selbst fest (eine Änderung löst eine 24-stündige Auszahlungssperre aus) und können jederzeit Ihren gesamten Verlauf exportieren. Es gibt keine versteckten Hürden.',
      },
      clarity: {
        title: 'Klare Antworten',
        text: 'Wird etwas abgelehnt, erfahren Sie den Grund in Ihrer Sprache, und nichts bleibt halb erledigt. Der Yu’e-Bao-Zins wird immer pro Tag und als Jahreswert angezeigt.',
      },
    },
  },
  privacy: {
    title: 'Datenschutzerklärung',
    updated: 'Gilt für Version 1.0.0',
    intro: 'Diese Erklärung beschreibt, welche Daten wir speichern, warum, wie lange und wie sie geschützt werden. Wir erheben nur, was für den Dienst nötig ist.',
    rightsLink: 'Ihre Rechte und der Risikohinweis',
    sections: {
      collect: {
        title: 'Was wir speichern',
        text: 'Kontodaten: Ihre E-Mail-Adresse, Telefonnummer, Ihr Spitzname, wer Sie eingeladen hat sowie Ihr Anmelde- und Transaktionspasswort als argon2id-Hash (die Passwörter selbst können wir nicht sehen).\n\nHandels- und Gelddaten: Aufträge, Buchungen, Ein- und Auszahlungen sowie die Angaben zum Auszahlungskonto. Für die Identitätsprüfung: Name, Ausweisnummer und Ausweisfotos, die Sie einreichen.\n\nSitzungsdaten: wann jede Anmeldesitzung erstellt und zuletzt genutzt wurde, der Browser und die IP-Adresse, damit die Einstellungen Ihnen Ihre angemeldeten Geräte zeigen können.',
      },
      use: {
        title: 'Wofür wir sie nutzen',
        text: 'Nur um Ihr Konto zu eröffnen und zu führen, Ihre Aufträge auszuführen und abzurechnen, Ein- und Auszahlungen zu bearbeiten, die gesetzlich vorgeschriebene Identitätsprüfung durchzuführen, Ihr Konto zu schützen (etwa durch begrenzte Anmeldeversuche) und Ihre Supportanfragen zu beantworten. Wir nutzen Ihre Daten nicht für Werbung und verkaufen sie nicht.',
      },
      device: {
        title: 'Was auf Ihrem Gerät gespeichert wird',
        text: 'Der lokale Speicher Ihres Browsers enthält nur die gewählte Sprache und nicht vertrauliche App-Zustände. Ihre Anmeldung liegt in einem sicheren, nur per HTTP lesbaren Cookie, auf das Skripte der Seite keinen Zugriff haben; das kurzlebige Zugriffstoken bleibt im Arbeitsspeicher. Das Leeren des Caches in den Einstellungen löscht diese Daten und beendet die Sitzung.',
      },
      retention: {
        title: 'Wie lange wir sie aufbewahren',
        text: 'Solange Ihr Konto besteht, speichern wir die genannten Daten. Nach der Schließung bewahren wir Geld- und Handelsaufzeichnungen so lange auf, wie es das Gesetz für Finanzunterlagen verlangt, und löschen den Rest. Beendete Sitzungen laufen ab.',
      },
      sharing: {
        title: 'Wer sie sehen kann',
        text: 'Berechtigte Mitarbeitende sehen Ihre Daten nur, wenn sie eine Ihrer Anfragen bearbeiten (etwa die Prüfung einer Einzahlung, Auszahlung oder Identitätsprüfung), und jede Aktion eines Betreibers wird in ein unveränderliches Prüfprotokoll geschrieben. Ohne gesetzliche Pflicht geben wir Ihre Daten an keine Dritten weiter.',
      },
      security: {
        title: 'Wie sie geschützt sind',
        text: 'Jede Abfrage ist auf den angemeldeten Nutzer beschränkt: Niemand kann Aufträge, Verläufe, Nachrichten oder Ausweisfotos anderer lesen. Ausweisfotos liegen außerhalb des Web-Verzeichnisses und werden nur Ihnen und den Prüfern gezeigt. Anmeldung, Registrierung und Bestätigungscodes sind in ihrer Häufigkeit begrenzt.',
      },
    },
  },
  rights: {
    title: 'Ihre Rechte und Risikohinweis',
    intro: 'Sie haben die folgenden Rechte an Ihrem Konto und Ihren Daten. Die meisten können Sie selbst in der App ausüben, ohne auf den Kundendienst zu warten.',
    sections: {
      access: {
        title: 'Auskunft',
        text: 'Der persönliche Bereich, Ihre Aufträge und Ihre Kontobewegungen zeigen alles, was wir zu Ihrer Aktivität speichern, einschließlich der Kurse, die jede Abrechnung verwendet hat.',
      },
      correct: {
        title: 'Berichtigung',
        text: 'Spitznamen und Auszahlungskonto ändern Sie selbst. Sind andere Angaben falsch, berichtigt sie der Kundendienst.',
      },
      export: {
        title: 'Export',
        text: 'Sie können Ihren vollständigen Auftrags- und Geldverlauf exportieren, um ihn selbst zu prüfen oder aufzubewahren.',
      },
      password: {
        title: 'Passwörter selbst ändern',
        text: 'Mit Ihrem alten Passwort ändern Sie in den Einstellungen das Anmelde- oder Transaktionspasswort. Dort sehen Sie auch alle angemeldeten Geräte und können jedes davon abmelden.',
      },
      withdraw: {
        title: 'Ihr Geld abheben',
        text: 'Ihr verfügbares Guthaben gehört Ihnen. Zu seinem Schutz ruhen Auszahlungen 24 Stunden nach einer Änderung des Auszahlungskontos; die Regel gilt für alle gleich und wird deutlich angezeigt.',
      },
      close: {
        title: 'Konto schließen',
        text: 'Sie können die Schließung Ihres Kontos beantragen. Zahlen Sie zuerst Ihr Guthaben aus; abgesehen von den Finanzunterlagen, die wir gesetzlich aufbewahren müssen, werden Ihre Daten gelöscht.',
      },
      risk: {
        title: 'Risikohinweis',
        text: 'Das Ergebnis eines Handels mit fester Laufzeit hängt vom Marktpreis bei Ablauf ab, und ein verlorener Auftrag verliert seinen gesamten Einsatz. Vergangene Ergebnisse sagen nichts über künftige aus. Handeln Sie nur mit Geld, dessen Verlust Sie verkraften, und lernen Sie die Regeln zuerst mit dem Demokonto.',
      },
    },
  },
  news: {
    title: 'Nachrichten',
    emptyTitle: 'Noch keine Nachrichten',
    emptyText: 'Marktnachrichten und Ankündigungen der Plattform erscheinen hier, sobald sie veröffentlicht sind.',
  },
};
