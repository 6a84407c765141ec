export default {
  offline: {
    title: 'Sie sind offline',
    text: 'Candor braucht eine Verbindung, um Kurse und Ihr Konto anzuzeigen. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
  },
  update: {
    text: 'Eine neue Version von Candor ist verfügbar.',
    reload: 'Jetzt aktualisieren',
    later: 'Später',
  },
};
