// E-mails the server sends (subject, text, and the same text in HTML), in the recipient's language.
export default {
  greeting: 'Bonjour,',
  linkHint: 'Si le bouton ne s’ouvre pas, copiez ce lien dans votre navigateur :',
  signature: 'L’équipe Candor',
  footerSecurity: 'Ceci est un avis de sécurité sur votre compte ; il ne peut pas être désactivé. Une question ? Contactez le support.',
  footerOptional: 'Vous pouvez désactiver ces e-mails dans Réglages, notifications par e-mail.',
  emailConfirm: {
    subject: 'Veuillez confirmer votre adresse e-mail',
    body: 'Merci de votre inscription sur Candor. Confirmez cette adresse e-mail avec le bouton ci-dessous ; les retraits s’ouvrent une fois l’adresse confirmée.',
    action: 'Confirmer l’e-mail',
    note: 'Le lien est valable {{hours}} heures et ne sert qu’une fois. Si vous ne vous êtes pas inscrit sur Candor, ignorez cet e-mail.',
  },
  emailChangeConfirm: {
    subject: 'Veuillez confirmer votre nouvelle adresse e-mail',
    body: 'Vous avez demandé à remplacer l’adresse e-mail de votre compte Candor par {{email}}. Confirmez-la avec le bouton ci-dessous ; d’ici là, l’ancienne adresse reste utilisée.',
    action: 'Confirmer la nouvelle adresse',
    note: 'Le lien est valable {{hours}} heures et ne sert qu’une fois. Si ce n’était pas vous, ignorez cet e-mail.',
  },
  emailChangeNotice: {
    subject: 'L’adresse e-mail de votre compte va changer',
    body: 'Quelqu’un a demandé à remplacer l’adresse e-mail de votre compte Candor par {{email}}. Une fois la nouvelle adresse confirmée, celle-ci ne recevra plus d’avis.',
    note: 'Si ce n’était pas vous, changez tout de suite votre mot de passe de connexion et contactez le support.',
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe de connexion',
    body: 'Nous avons reçu une demande de réinitialisation du mot de passe de connexion de votre compte Candor. Choisissez-en un nouveau avec le bouton ci-dessous (votre mot de passe de transaction ne change pas).',
    action: 'Réinitialiser le mot de passe',
    note: 'Le lien est valable {{minutes}} minutes et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe ne change pas.',
  },
  passwordChanged: {
    subject: 'Votre mot de passe de connexion a été modifié',
    body: 'Le mot de passe de connexion de votre compte Candor a été modifié le {{at}}, et tous les appareils ont été déconnectés.',
    note: 'Si ce n’était pas vous, réinitialisez-le tout de suite avec « Mot de passe oublié » et contactez le support.',
  },
  newDevice: {
    subject: 'Connexion à votre compte depuis un nouvel appareil',
    body: 'Votre compte a été connecté depuis un nouvel appareil, {{device}} (IP {{ip}}), le {{at}}.',
    note: 'Si ce n’était pas vous, changez tout de suite votre mot de passe de connexion et déconnectez les autres appareils dans les Réglages.',
  },
  withdrawalRequested: {
    subject: 'Retrait {{orderNo}} reçu',
    body: 'Votre retrait {{orderNo}} ({{amount}}) a été soumis ; le montant est bloqué pendant son examen.',
    note: 'Si ce n’était pas vous, changez tout de suite vos mots de passe et contactez le support.',
  },
  withdrawalPaid: {
    subject: 'Retrait {{orderNo}} versé',
    body: 'Votre retrait {{orderNo}} ({{amount}}) a été versé sur votre compte de retrait.',
  },
  withdrawalReturned: {
    subject: 'Retrait {{orderNo}} refusé',
    body: 'Votre retrait {{orderNo}} ({{amount}}) n’a pas été approuvé et le montant est revenu sur votre solde. Motif : {{reason}}',
  },
  withdrawalCancelled: {
    subject: 'Retrait {{orderNo}} annulé',
    body: 'Votre retrait {{orderNo}} ({{amount}}) a été annulé et le montant est revenu sur votre solde.',
  },
  verificationApproved: {
    subject: 'Vérification d’identité approuvée',
    body: 'Votre vérification d’identité a été approuvée ; toutes les fonctions vous sont ouvertes.',
  },
  verificationRejected: {
    subject: 'Vérification d’identité refusée',
    body: 'Votre vérification d’identité n’a pas été approuvée. Motif : {{reason}}',
    note: 'Vous pouvez corriger vos informations dans votre espace personnel et les soumettre à nouveau.',
  },
};
