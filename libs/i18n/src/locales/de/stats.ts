// The trade statistics page (/pages/statistics/statistics): loaded with that page, not with the app.
export default {
  title: "Handelsstatistik",
  period: {
    label: "Zeitraum",
    d7: "7 Tage",
    d30: "30 Tage",
    d90: "90 Tage",
  },
  tiles: {
    winRate: "Gewinnquote",
    orders: "Abgerechnete Aufträge",
    net: "Nettoergebnis",
    staked: "Einsatz",
    paidOut: "Ausgezahlt",
  },
  record: "Gewinn {{wins}} · Verlust {{losses}} · Unentschieden {{ties}}",
  chart: {
    title: "Nettoergebnis pro Tag",
    summary: "In den letzten {{days}} Tagen gab es an {{active}} Tagen abgerechnete Aufträge; Nettoergebnis {{net}}.",
    caption: "Nettoergebnis der Tage mit abgerechneten Aufträgen",
    date: "Datum",
    orders: "Aufträge",
    net: "Nettoergebnis",
  },
  products: {
    title: "Nach Produkt",
    facts: "Aufträge {{orders}} · Gewinnquote {{rate}}",
  },
  empty: {
    title: "Keine abgerechneten Aufträge in diesem Zeitraum",
    text: "Aufträge werden hier gezählt, sobald sie abgerechnet sind.",
  },
  notes: {
    rules: "Nur abgerechnete Aufträge zählen: offene und stornierte Aufträge nicht. Die Gewinnquote lässt Unentschieden aus (der Einsatz wird erstattet).",
    zone: "Die Tage folgen der Zeitzone {{zone}}.",
    demo: "Demokonto: virtuelles Geld.",
  },
};
