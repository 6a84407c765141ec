export default {
  welcome: {
    tagline: 'Le trading à durée fixe, en toute honnêteté : les prix viennent uniquement du marché, et chaque centime est comptabilisé.',
    enter: 'Entrer sur la plateforme',
    risk: 'Le trading comporte des risques et vous pouvez perdre toute votre mise. N’utilisez que de l’argent que vous pouvez vous permettre de perdre.',
    points: {
      prices: { title: 'De vrais prix de marché', text: 'Les prix viennent uniquement des données de marché. Personne ne peut modifier un prix ou un résultat.' },
      ledger: { title: 'Chaque centime au grand livre', text: 'Chaque mouvement d’argent est inscrit dans une comptabilité en partie double que vous pouvez vérifier.' },
      verify: { title: 'Un règlement vérifiable', text: 'Chaque ordre indique ses ticks d’ouverture et de clôture, vérifiables dans le registre public.' },
    },
  },
  about: {
    title: 'À propos',
    version: 'Version {{version}}',
    intro: 'Candor est une plateforme de trading à durée fixe : vous achetez à la hausse ou à la baisse sur le prix d’un produit après une durée choisie, et vous pouvez placer votre argent inutilisé dans Yu’e Bao pour le faire fructifier. Nous pensons qu’une plateforme de trading doit être honnête par sa conception, et pas seulement par ses promesses.',
    sections: {
      prices: {
        title: 'Les prix viennent uniquement du marché',
        text: 'Les prix d’ouverture et de règlement proviennent du flux de marché et de l’horloge du serveur. Aucun écran, réglage ou interrupteur en base de données ne peut modifier le prix, le résultat ou le gain d’un ordre, pas même pour nos propres opérateurs.',
      },
      ledger: {
        title: 'Chaque centime est au grand livre',
        text: 'Dépôts, retraits, ordres, gains et revenus Yu’e Bao sont tous enregistrés en écritures à partie double dont la somme est nulle. Votre historique des fonds, c’est ce grand livre vu de votre côté.',
      },
      verify: {
        title: 'Un règlement que vous pouvez vérifier',
        text: 'Chaque ordre réglé affiche les ticks d’ouverture et de clôture utilisés. Le registre des ticks est scellé chaque seconde dans des blocs chaînés par hachage et il est public : chacun peut vérifier qu’il n’a pas été réécrit après coup.',
      },
      selfService: {
        title: 'Votre compte vous appartient',
        text: 'Vous changez vous-même vos mots de passe de connexion et de transaction avec l’ancien, vous définissez vous-même votre compte de retrait (un changement déclenche une suspension des retraits de 24 heures) et vous pouvez exporter tout votre historique à tout moment. Aucune barrière cachée.',
      },
      clarity: {
        title: 'Des réponses claires',
        text: 'Chaque refus est expliqué dans votre langue, et rien n’est laissé à moitié fait. Le taux de Yu’e Bao est toujours affiché par jour et en équivalent annualisé.',
      },
    },
  },
  privacy: {
    title: 'Politique de confidentialité',
    updated: 'S’applique à la version 1.0.0',
    intro: 'Cette politique explique quelles données nous conservons, pourquoi, combien de temps et comment elles sont protégées. Nous ne collectons que ce qui est nécessaire au service.',
    rightsLink: 'Voir vos droits et l’avertissement sur les risques',
    sections: {
      collect: {
        title: 'Ce que nous conservons',
        text: 'Données du compte : votre e-mail, votre numéro de téléphone, votre pseudonyme, la personne qui vous a invité, ainsi que vos mots de passe de connexion et de transaction hachés avec argon2id (nous ne pouvons pas voir les mots de passe eux-mêmes).\n\nDonnées de trading et de fonds : ordres, écritures comptables, historiques de dépôts et de retraits, coordonnées du compte de retrait. Pour la vérification d’identité : le nom, le numéro de pièce d’identité et les photos que vous envoyez.\n\nDonnées de session : la date de création et de dernière utilisation de chaque session, le navigateur et l’adresse IP, afin que les Paramètres puissent vous montrer vos appareils connectés.',
      },
      use: {
        title: 'À quoi elles servent',
        text: 'Uniquement à ouvrir et gérer votre compte, exécuter et régler vos ordres, traiter dépôts et retraits, effectuer la vérification d’identité exigée par la loi, protéger votre compte (par exemple en limitant les tentatives de connexion) et répondre à vos demandes d’assistance. Nous n’utilisons pas vos données à des fins publicitaires et ne les vendons pas.',
      },
      device: {
        title: 'Ce qui est stocké sur votre appareil',
        text: 'Le stockage local de votre navigateur ne conserve que la langue choisie et un état de l’application non confidentiel. Votre connexion est conservée dans un cookie sécurisé réservé au HTTP, illisible par les scripts de la page, et le jeton d’accès de courte durée reste en mémoire. Vider le cache dans les Paramètres supprime ces données locales et met fin à la session.',
      },
      retention: {
        title: 'Durée de conservation',
        text: 'Nous conservons ces données tant que votre compte est ouvert. Après sa clôture, les historiques de fonds et de trading sont conservés aussi longtemps que la loi l’exige pour les documents financiers, et le reste est supprimé. Les sessions terminées expirent.',
      },
      sharing: {
        title: 'Qui peut les voir',
        text: 'Le personnel autorisé ne consulte vos données que pour traiter une de vos demandes (par exemple l’examen d’un dépôt, d’un retrait ou d’une vérification), et chaque action d’un opérateur est inscrite dans un journal d’audit non modifiable. Nous ne transmettons vos données à aucun tiers, sauf obligation légale.',
      },
      security: {
        title: 'Comment elles sont protégées',
        text: 'Chaque requête est limitée à l’utilisateur connecté : personne ne peut lire les ordres, historiques, messages ou photos d’identité d’un autre. Les photos d’identité sont stockées hors de la racine web et montrées uniquement à vous et aux examinateurs. La connexion, l’inscription et les codes de vérification sont limités en fréquence.',
      },
    },
  },
  rights: {
    title: 'Vos droits et avertissement sur les risques',
    intro: 'Vous disposez des droits suivants sur votre compte et vos données. Vous pouvez exercer la plupart d’entre eux vous-même dans l’application, sans attendre le service client.',
    sections: {
      access: {
        title: 'Consulter vos données',
        text: 'L’espace personnel, vos ordres et votre historique des fonds montrent tout ce que nous détenons sur votre activité, y compris les ticks utilisés pour chaque règlement.',
      },
      correct: {
        title: 'Les corriger',
        text: 'Vous pouvez modifier vous-même votre pseudonyme et votre compte de retrait. Si d’autres informations sont erronées, le service client les corrigera.',
      },
      export: {
        title: 'Les exporter',
        text: 'Vous pouvez exporter l’intégralité de votre historique d’ordres et de fonds pour le vérifier ou le conserver.',
      },
      password: {
        title: 'Changer vous-même vos mots de passe',
        text: 'Avec votre ancien mot de passe, vous pouvez changer le mot de passe de connexion ou de transaction dans les Paramètres. Ceux-ci listent aussi chaque appareil connecté et vous permettent de déconnecter n’importe lequel.',
      },
      withdraw: {
        title: 'Retirer votre argent',
        text: 'Votre solde disponible vous appartient. Pour le protéger, les retraits sont suspendus 24 heures après un changement de compte de retrait ; la règle est la même pour tous et clairement affichée.',
      },
      close: {
        title: 'Fermer votre compte',
        text: 'Vous pouvez demander la fermeture de votre compte. Retirez d’abord votre solde ; hormis les documents financiers que la loi nous oblige à conserver, vos données seront supprimées.',
      },
      risk: {
        title: 'Avertissement sur les risques',
        text: 'Le résultat d’un ordre à durée fixe dépend du prix du marché à l’échéance, et un ordre perdant perd toute sa mise. Les résultats passés ne préjugent pas des résultats futurs. Ne tradez qu’avec de l’argent que vous pouvez vous permettre de perdre, et essayez d’abord le compte de démonstration pour apprendre les règles.',
      },
    },
  },
  news: {
    title: 'Actualités',
    emptyTitle: 'Aucune actualité pour l’instant',
    emptyText: 'Les actualités du marché et les annonces de la plateforme apparaîtront ici dès leur publication.',
  },
};
