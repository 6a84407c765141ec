// The trade statistics page (/pages/statistics/statistics): loaded with that page, not with the app.
export default {
  title: "Statistiques de trading",
  period: {
    label: "Période",
    d7: "7 jours",
    d30: "30 jours",
    d90: "90 jours",
  },
  tiles: {
    winRate: "Taux de réussite",
    orders: "Ordres réglés",
    net: "Résultat net",
    staked: "Misé",
    paidOut: "Versé",
  },
  record: "Gagnés {{wins}} · Perdus {{losses}} · Égalités {{ties}}",
  chart: {
    title: "Résultat net par jour",
    summary: "Sur les {{days}} derniers jours, {{active}} ont des ordres réglés ; résultat net {{net}}.",
    caption: "Résultat net des jours avec des ordres réglés",
    date: "Date",
    orders: "Ordres",
    net: "Résultat net",
  },
  products: {
    title: "Par produit",
    facts: "Ordres {{orders}} · Taux de réussite {{rate}}",
  },
  empty: {
    title: "Aucun ordre réglé sur cette période",
    text: "Les ordres sont comptés ici une fois réglés.",
  },
  notes: {
    rules: "Seuls les ordres réglés comptent : les ordres ouverts et annulés ne sont pas inclus. Le taux de réussite ne compte pas les égalités (la mise est remboursée).",
    zone: "Les jours suivent le fuseau horaire {{zone}}.",
    demo: "Compte démo : argent virtuel.",
  },
};
