export default {
  offline: {
    title: 'Vous êtes hors ligne',
    text: "Candor a besoin d'une connexion pour afficher les cours et votre compte. Vérifiez votre connexion, puis réessayez.",
    retry: 'Réessayer',
  },
  update: {
    text: 'Une nouvelle version de Candor est disponible.',
    reload: 'Mettre à jour',
    later: 'Plus tard',
  },
};
