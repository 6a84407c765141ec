export default {
  list: {
    name: 'Name',
    lastPrice: 'Letzter Kurs',
    change24h: '24-h-Änderung',
    volume24h: '24-h-Volumen',
    empty: 'Noch keine Produkte',
  },
  status: {
    open: 'Geöffnet',
    closed: 'Geschlossen',
    maintenance: 'Wartung',
  },
  live: {
    on: 'Live',
    off: 'Verbindung wird hergestellt',
  },
  home: {
    quickLinks: 'Schnellzugriff',
    quick: {
      deposit: 'Schnell einzahlen',
      trade: 'Handeln',
      positions: 'Meine Positionen',
      withdrawalMethod: 'Auszahlungsweg',
      about: 'Über uns',
      messages: 'Nachrichten',
      service: 'Online-Service',
    },
    comingSoon: 'Der Online-Service kommt bald',
    recommended: 'Empfohlene Produkte',
    allProducts: 'Alle Produkte',
    highlights: 'Unsere Grundsätze',
    highlight: {
      feed: {
        title: 'Kurse nur aus dem Datenfeed',
        text: 'Jeder Kurs stammt aus dem Marktdatenfeed. Niemand kann einen Kurs oder das Ergebnis einer Order ändern.',
      },
      verify: {
        title: 'Jede Abrechnung ist prüfbar',
        text: 'Jede abgerechnete Order nennt ihren Einstiegs- und Ausstiegstick samt Block-Hash, zum Abgleich mit dem öffentlichen Tick-Protokoll.',
      },
      ledger: {
        title: 'Jeder Cent im Hauptbuch',
        text: 'Jede Geldbewegung ist eine ausgeglichene Buchung; Ihre Kapitalübersicht ist dieses Hauptbuch.',
      },
      demo: {
        title: 'Mit dem Demokonto üben',
        text: 'Virtuelles Geld, dieselben Regeln, getrennte Aufzeichnungen, jederzeit zurücksetzbar.',
      },
    },
    privacy: 'Datenschutzerklärung',
    language: 'Sprache',
    risk: 'Handel mit fester Laufzeit ist sehr riskant: Sie können den gesamten Einsatz verlieren. Handeln Sie nur mit Geld, dessen Verlust Sie verkraften können.',
  },
  products: {
    title: 'Produkte',
    searchLabel: 'Produkte nach Namen suchen',
    searchPlaceholder: 'Nach Namen suchen',
    noMatch: 'Kein Produkt passt zu „{{query}}“',
  },
  chart: {
    label: 'Kerzenchart',
    interval: 'Kerzenintervall',
    empty: 'Noch keine Kerzen',
    intervals: {
      '1m': '1 Min.',
      '5m': '5 Min.',
      '15m': '15 Min.',
      '1h': '1 Std.',
      '1d': '1 Tag',
    },
  },
  detail: {
    quote: 'Kurs',
    high24h: '24-h-Hoch',
    low24h: '24-h-Tief',
    volume24h: '24-h-Volumen',
    amount24h: '24-h-Umsatz',
    notFound: 'Produkt nicht gefunden',
  },
  notice: {
    closed: 'Der Markt ist geschlossen',
    maintenance: 'Dieses Produkt wird gewartet',
    nextOpen: 'Nächste Öffnung: {{time}}',
    nextOpenUnknown: 'Öffnungszeit wird noch bekannt gegeben',
  },
};
