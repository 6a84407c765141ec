// The explanation page of prices (/pages/prices/prices): loaded with that page, not with the app.
export default {
  title: 'Comment les cours sont établis',
  intro: 'L’argent réel ne se négocie que sur des cours de plateformes d’échange publiques que chacun peut vérifier. Voici comment un cours en est tiré, ce qui se passe quand elles se taisent ou divergent, et comment vérifier vous-même n’importe quel cours.',
  sections: {
    source: {
      title: 'D’où viennent les cours',
      text: 'Pour chaque produit coté par des plateformes, nous lisons les données de marché publiques de Binance, OKX, Coinbase et Kraken, que chacun peut lire sans compte. Le cours d’une plateforme est le milieu de son meilleur prix acheteur et de son meilleur prix vendeur : (achat + vente) ÷ 2.\n\nLa page du produit montre la cotation actuelle de chaque plateforme, et si le cours l’utilise ou pourquoi il l’écarte.',
    },
    rule: {
      title: 'La règle : la médiane des plateformes à jour',
      text: 'Une plateforme compte tant qu’elle est à jour, c’est-à-dire tant que nous avons reçu ses données dans les {{staleSeconds}} dernières secondes. Quand au moins {{quorum}} plateformes sont à jour, le cours est la médiane de leurs milieux. Une plateforme à plus de {{bps}} points de base ({{percent}}) de cette médiane est écartée, et la médiane est recalculée sans elle.\n\nLes devises de cotation ne sont jamais mélangées : les cours en USDT vont avec les cours en USDT, l’USD avec l’USD.',
    },
    halt: {
      title: 'Quand les cours sont en pause',
      text: 'Avec moins de {{quorum}} plateformes à jour, ou quand celles-ci divergent au-delà de la limite, il n’y a pas de cours valide : le produit est suspendu. Son cours apparaît en gris avec la raison (« trop peu de plateformes » ou « les plateformes divergent »), aucun cours n’est enregistré et les nouveaux ordres sont refusés.\n\nIl reprend de lui-même dès que suffisamment de plateformes concordent à nouveau. Personne ne décide du moment : la même règle qui suspend un produit le relance.',
    },
    expiry: {
      title: 'Ordres arrivant à échéance pendant une pause',
      text: 'Un ordre dont l’échéance tombe pendant une suspension est réglé au premier cours valide dans les {{graceSeconds}} secondes qui suivent son échéance. Si aucun cours valide n’arrive dans ces {{graceSeconds}} secondes, l’ordre est annulé, sa mise entièrement remboursée, et son reçu en donne la raison. Aucun ordre ne reste ouvert indéfiniment, et aucun n’est réglé sur un cours absent du registre.',
    },
    simulated: {
      title: 'Cours simulés : démo uniquement',
      text: 'Certains produits n’ont pas de cours public gratuit sur une plateforme (le forex et les métaux, par exemple). Leurs cours viennent d’un simulateur et portent partout où ils s’affichent le badge « Cours simulés : démo uniquement ». Seul le compte démo peut les trader : aucun réglage ne permet d’engager de l’argent réel sur des cours simulés.',
    },
    check: {
      title: 'Vérifier un cours vous-même',
      text: 'Chaque tick est enregistré avec toutes les cotations lues pour lui, utilisées ou écartées, ainsi qu’avec la règle et ses paramètres. Les ticks de chaque seconde forment un bloc dont l’empreinte inclut celle du bloc précédent : une cotation modifiée après coup rompt la chaîne. Trois façons de vérifier :',
    },
  },
  checks: {
    record: 'Le registre public des ticks : chaque tick liste ses cotations (plateforme, achat, vente, heure et identifiant propres à la plateforme, heure de réception, utilisée ou écartée). Ce script vérifie le registre d’un produit et recalcule chaque médiane à partir des cotations :',
    receipt: 'Le reçu d’un ordre réglé liste les cotations de ses ticks d’ouverture et de clôture, et sa page peut les vérifier dans votre navigateur. Ce script fait de même sur votre ordinateur :',
    venues: 'L’historique des plateformes elles-mêmes : ce script récupère les transactions publiques ou les bougies d’une seconde de chaque plateforme pour cette seconde-là et indique si chaque cotation enregistrée se situe dans la fourchette de la plateforme à ce moment :',
  },
  scripts: 'Les scripts accompagnent le code source de la plateforme et ne demandent que Node.js.',
};
