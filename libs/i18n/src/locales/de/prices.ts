// The explanation page of prices (/pages/prices/prices): loaded with that page, not with the app.
export default {
  title: 'Wie Kurse entstehen',
  intro: 'Echtgeld wird nur zu Kursen öffentlicher Börsen gehandelt, die jeder prüfen kann. Hier steht, wie aus ihnen ein Kurs wird, was geschieht, wenn sie verstummen oder sich widersprechen, und wie Sie jeden Kurs selbst prüfen können.',
  sections: {
    source: {
      title: 'Woher die Kurse kommen',
      text: 'Für jedes Produkt mit Börsenkursen lesen wir die öffentlichen Marktdaten von Binance, OKX, Coinbase und Kraken, dieselben Daten, die jeder ohne Konto lesen kann. Der Kurs einer Börse ist die Mitte aus ihrem besten Geld- und Briefkurs: (Geld + Brief) ÷ 2.\n\nDie Produktseite zeigt den aktuellen Kurs jeder Börse und ob der Preis ihn nutzt oder warum nicht.',
    },
    rule: {
      title: 'Die Regel: der Median aktueller Börsen',
      text: 'Eine Börse zählt, solange sie aktuell ist, also solange wir in den letzten {{staleSeconds}} Sekunden von ihr gehört haben. Sind mindestens {{quorum}} Börsen aktuell, ist der Kurs der Median ihrer Mitten. Eine Börse, die mehr als {{bps}} Basispunkte ({{percent}}) von diesem Median entfernt liegt, wird verworfen und der Median ohne sie neu berechnet.\n\nNotierungswährungen werden nie gemischt: USDT-Kurse nur mit USDT-Kursen, USD mit USD.',
    },
    halt: {
      title: 'Wann Kurse pausieren',
      text: 'Mit weniger als {{quorum}} aktuellen Börsen, oder wenn die aktuellen über die Grenze hinaus voneinander abweichen, gibt es keinen gültigen Kurs: Das Produkt wird angehalten. Sein Kurs wird grau mit dem Grund angezeigt („zu wenige Börsen“ oder „Börsen uneinig“), es wird kein Kurs aufgezeichnet, und neue Aufträge werden abgelehnt.\n\nEs läuft von selbst wieder an, sobald genug Börsen wieder übereinstimmen. Niemand entscheidet, wann: Dieselbe Regel, die ein Produkt anhält, startet es wieder.',
    },
    expiry: {
      title: 'Aufträge, die während einer Pause ablaufen',
      text: 'Ein Auftrag, dessen Ablauf in eine Pause fällt, wird zum ersten gültigen Kurs innerhalb von {{graceSeconds}} Sekunden nach seinem Ablauf abgerechnet. Kommt in diesen {{graceSeconds}} Sekunden kein gültiger Kurs, wird der Auftrag storniert, sein Einsatz vollständig erstattet, und sein Beleg nennt den Grund. Kein Auftrag bleibt ewig offen, und keiner wird zu einem Kurs abgerechnet, der nicht in der Aufzeichnung steht.',
    },
    simulated: {
      title: 'Simulierte Kurse: nur Demo',
      text: 'Manche Produkte haben keinen kostenlosen öffentlichen Börsenkurs (etwa Devisen und Metalle). Ihre Kurse stammen aus einem Simulator und tragen überall, wo sie erscheinen, das Abzeichen „Simulierte Kurse: nur Demo“. Nur das Demokonto kann sie handeln: Keine Einstellung erlaubt Echtgeld auf simulierten Kursen.',
    },
    check: {
      title: 'Einen Kurs selbst prüfen',
      text: 'Jeder Tick wird mit jedem Börsenkurs gespeichert, der für ihn gelesen wurde, genutzt oder verworfen, dazu mit der Regel und ihren Parametern. Die Ticks jeder Sekunde bilden einen Block, dessen Hash den Hash des vorigen Blocks enthält; ein nachträglich geänderter Kurs bricht also die Kette. Drei Wege zur Prüfung:',
    },
  },
  checks: {
    record: 'Die öffentliche Tick-Aufzeichnung: Jeder Tick listet seine Kurse (Börse, Geld, Brief, Zeit und Kennung der Börse selbst, wann wir ihn erhielten, genutzt oder verworfen). Dieses Skript prüft die Aufzeichnung eines Produkts und berechnet jeden Median aus den Kursen neu:',
    receipt: 'Der Beleg eines abgerechneten Auftrags listet die Kurse seines Eröffnungs- und Schluss-Ticks, und seine Seite kann sie in Ihrem Browser prüfen. Dieses Skript tut dasselbe auf Ihrem Rechner:',
    venues: 'Die eigene Historie der Börsen: Dieses Skript holt für jene Sekunde die öffentlichen Trades oder 1-Sekunden-Kerzen jeder Börse und meldet, ob jeder aufgezeichnete Kurs in der damaligen Spanne dieser Börse liegt:',
  },
  scripts: 'Die Skripte gehören zum Quellcode der Plattform und brauchen nur Node.js.',
};
