export default {
  list: {
    name: 'Nom',
    lastPrice: 'Dernier prix',
    change24h: 'Variation 24 h',
    volume24h: 'Volume 24 h',
    empty: 'Aucun produit pour le moment',
  },
  status: {
    open: 'Ouvert',
    closed: 'Fermé',
    maintenance: 'En maintenance',
  },
  live: {
    on: 'En direct',
    off: 'Reconnexion',
  },
  home: {
    quickLinks: 'Accès rapides',
    quick: {
      deposit: 'Dépôt rapide',
      trade: 'Trader',
      positions: 'Mes positions',
      withdrawalMethod: 'Mode de retrait',
      about: 'À propos',
      messages: 'Messages',
      service: 'Service en ligne',
    },
    comingSoon: 'Le service en ligne arrive bientôt',
    recommended: 'Produits recommandés',
    allProducts: 'Tous les produits',
    highlights: 'Nos engagements',
    highlight: {
      feed: {
        title: 'Des prix issus du flux uniquement',
        text: 'Chaque prix vient du flux de marché. Personne ne peut modifier un prix ni le résultat d’un ordre.',
      },
      verify: {
        title: 'Chaque règlement est vérifiable',
        text: 'Chaque ordre réglé indique ses ticks d’entrée et de sortie avec le hachage de leurs blocs, à comparer avec le registre public des ticks.',
      },
      ledger: {
        title: 'Chaque centime au grand livre',
        text: 'Chaque mouvement d’argent est une écriture équilibrée ; votre historique de fonds est ce grand livre.',
      },
      demo: {
        title: 'S’entraîner en démo',
        text: 'Argent virtuel, mêmes règles, historique séparé, réinitialisable à tout moment.',
      },
    },
    privacy: 'Politique de confidentialité',
    language: 'Langue',
    risk: 'Le trading à échéance fixe est très risqué : vous pouvez perdre toute votre mise. Ne tradez qu’avec de l’argent que vous pouvez vous permettre de perdre.',
  },
  products: {
    title: 'Produits',
    searchLabel: 'Rechercher un produit par son nom',
    searchPlaceholder: 'Rechercher par nom',
    noMatch: 'Aucun produit ne correspond à « {{query}} »',
  },
  chart: {
    label: 'Graphique en chandeliers',
    interval: 'Intervalle des bougies',
    empty: 'Pas encore de bougies',
    intervals: {
      '1m': '1 min',
      '5m': '5 min',
      '15m': '15 min',
      '1h': '1 h',
      '1d': '1 j',
    },
  },
  detail: {
    quote: 'Cotation',
    high24h: 'Plus haut 24 h',
    low24h: 'Plus bas 24 h',
    volume24h: 'Volume 24 h',
    amount24h: 'Montant échangé 24 h',
    notFound: 'Produit introuvable',
  },
  notice: {
    closed: 'Le marché est fermé',
    maintenance: 'Ce produit est en maintenance',
    nextOpen: 'Prochaine ouverture : {{time}}',
    nextOpenUnknown: 'Heure d’ouverture à confirmer',
  },
};
