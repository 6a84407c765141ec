// System messages the server sends to a user, rendered in the reader's language.
export default {
  depositApproved: { title: 'Dépôt crédité', body: 'Votre dépôt {{orderNo}} de {{amount}} a été crédité.' },
  depositRejected: { title: 'Dépôt non crédité', body: 'Votre dépôt {{orderNo}} de {{amount}} n’a pas été crédité : {{reason}}' },
  withdrawalPaid: { title: 'Retrait payé', body: 'Votre retrait {{orderNo}} de {{amount}} a été payé.' },
  withdrawalRejected: { title: 'Retrait restitué', body: 'Votre retrait {{orderNo}} de {{amount}} a été refusé et l’argent est revenu sur votre solde : {{reason}}' },
  withdrawalAccountBound: { title: 'Compte de retrait enregistré', body: 'Votre compte de retrait {{masked}} est enregistré.' },
  withdrawalAccountChanged: { title: 'Compte de retrait modifié', body: 'Votre compte de retrait est désormais {{masked}}. Les retraits sont suspendus jusqu’au {{holdUntil}}. Si ce n’était pas vous, changez vos mots de passe et contactez le support.' },
  newLogin: { title: 'Nouvelle connexion', body: 'Votre compte a été connecté depuis un nouvel appareil, {{device}} (IP {{ip}}), le {{at}}. Si ce n’était pas vous, changez tout de suite votre mot de passe de connexion et déconnectez les autres appareils dans les Réglages.' },
  passwordReset: { title: 'Mot de passe de connexion réinitialisé', body: 'Votre mot de passe de connexion a été réinitialisé par un lien envoyé par e-mail le {{at}}, et tous les appareils ont été déconnectés. Si ce n’était pas vous, contactez tout de suite le support.' },
  totpEnabled: { title: 'Connexion en deux étapes activée', body: 'La connexion en deux étapes a été activée sur votre compte le {{at}}. Désormais, la connexion, les retraits et les changements du compte de retrait demandent un code de votre application d’authentification. Si ce n’était pas vous, contactez tout de suite le support.' },
  totpDisabled: { title: 'Connexion en deux étapes désactivée', body: 'La connexion en deux étapes a été désactivée sur votre compte le {{at}}. Si ce n’était pas vous, changez tout de suite votre mot de passe de connexion et contactez le support.' },
  kycApproved: { title: 'Identité vérifiée', body: 'Votre identité est vérifiée. Vous pouvez maintenant retirer.' },
  kycRejected: { title: 'Vérification refusée', body: 'Votre vérification d\'identité n\'a pas été acceptée : {{reason}}. {{message}} Veuillez la soumettre à nouveau.' },
  kycRejectedFinal: { title: 'Vérification close', body: 'Votre vérification d\'identité n\'a pas été acceptée : {{reason}}. {{message}} Veuillez contacter le support.' },
  kycReasons: { unreadable: 'la photo est illisible', mismatch: 'les données ne correspondent pas au document', expired: 'le document a expiré', not_an_id: 'ce n\'est pas une pièce d\'identité', incomplete: 'une face ou un champ manque', duplicate: 'ce numéro est déjà vérifié sur un autre compte', other: 'voir le message ci-dessous' },
  supportReplied: { title: 'Le service client a répondu', body: 'Le service client a répondu à votre message. Ouvrez Service en ligne pour le lire.' },
  priceAlert: { title: 'Alerte de prix : {{name}}', body: '{{name}} ({{symbol}}) {{side}} : {{level}}. Le prix était de {{price}} à {{at}}. Cette alerte est terminée ; créez-en une nouvelle sur la page du produit si besoin.' },
  /** How a price alert's level was reached (`priceAlert`'s side). */
  priceAlertSides: { above: 'est monté jusqu’à votre prix d’alerte', below: 'est descendu jusqu’à votre prix d’alerte' },
  limitRaisePending: { title: 'Changement de limite en attente', body: 'Vous avez relevé ou supprimé votre limite {{limit}} (nouvelle valeur : {{value}}). Le changement s’applique le {{effectiveAt}} (UTC) ; d’ici là, la limite actuelle reste en vigueur.' },
  /** A responsible-trading limit's name (`limitRaisePending`'s limit). */
  limitNames: { depositDay: 'Dépôt par jour', depositWeek: 'Dépôt par semaine', depositMonth: 'Dépôt par mois', lossDay: 'Perte par jour', lossWeek: 'Perte par semaine', lossMonth: 'Perte par mois', stakePerOrder: 'Mise par ordre', reminderMinutes: 'Rappel de session' },
  limitNone: 'aucune limite',
};
