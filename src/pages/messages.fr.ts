import type { Messages } from '../plugins/types';

/** Texts of the screens outside the layout: sign-in, 2FA, terms, reset password, errors (SPEC 2.1, 4.5, 8.1). */
const fr: Messages = {
    pages: {
        product: 'Console d’accès',
        login: {
            title: 'Connexion',
            email: 'E-mail',
            password: 'Mot de passe',
            submit: 'Se connecter',
            forgot: 'Mot de passe oublié ?',
            incorrect: 'Identifiants incorrects',
            failed: 'Erreur lors de la connexion',
            locked: 'Trop d’échecs de connexion. Réessayez plus tard.',
        },
        tfa: {
            codeTitle: 'Authentification à deux facteurs',
            codeHelp: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
            code: 'Code à usage unique',
            verify: 'Vérifier',
            invalid: 'Ce code n’est pas valide. Attendez le suivant et réessayez.',
            lost: 'Authentificateur perdu ?',
            setupTitle: 'Configurer l’authentification à deux facteurs',
            setupHelp:
                'Votre compte exige un second facteur. Scannez ce code QR avec une application d’authentification (ou saisissez la clé ci-dessous), puis entrez le code affiché.',
            secret: 'Clé',
            setupFailed: 'Erreur lors de la configuration 2FA',
            recoveryTitle: 'Conservez vos codes de récupération',
            recoveryHelp:
                'Chaque code réinitialise une fois votre connexion à deux facteurs si vous perdez votre authentificateur. Ils ne s’affichent qu’ici : copiez-les ou téléchargez-les et gardez-les en lieu sûr.',
            copy: 'Copier les codes',
            download: 'Télécharger',
            continue: 'Continuer',
        },
        terms: {
            title: 'Conditions d’utilisation',
            intro: 'Avant d’utiliser la console, veuillez lire et accepter les conditions d’utilisation.',
            body: 'Cette console contrôle l’accès physique à des bâtiments et traite des données biométriques (modèles et images de visages) des personnes inscrites. En continuant, vous confirmez être autorisé par votre organisation à l’administrer ; ne traiter les données personnelles et biométriques que pour le contrôle d’accès et la sécurité, dans le respect des règles de consentement et de conservation de chaque compte ; garder pour vous vos identifiants et votre second facteur ; et que chacune de vos modifications est inscrite à votre nom dans le journal d’audit.',
            accept: 'Accepter',
            failed: 'Erreur lors de l’acceptation des conditions !',
        },
        reset: {
            title: 'Réinitialiser votre mot de passe',
            help: 'Saisissez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
            email: 'E-mail',
            send: 'Envoyer le lien',
            sent: 'Si un compte utilise cette adresse, un lien de réinitialisation est en route. Consultez votre messagerie.',
            newTitle: 'Choisissez un nouveau mot de passe',
            newPassword: 'Nouveau mot de passe',
            confirm: 'Confirmer le mot de passe',
            set: 'Enregistrer',
            done: 'Votre mot de passe est enregistré. Vous pouvez maintenant vous connecter.',
            expired: 'Ce lien de réinitialisation a expiré.',
            used: 'Ce lien de réinitialisation a déjà été utilisé.',
            invalid: 'Ce lien de réinitialisation n’est pas valide.',
            again: 'Demander un nouveau lien',
            rules: 'Au moins 8 caractères, dont une majuscule, une minuscule, un chiffre et l’un de # ? ! @ $ ^ & * - %',
            failed: 'Le mot de passe n’a pas pu être enregistré. Veuillez réessayer.',
        },
        reset2fa: {
            title: 'Réinitialiser la connexion à deux facteurs',
            help: 'Saisissez l’un des codes de récupération conservés lors de la configuration. Vous la configurerez à nouveau à la prochaine connexion.',
            code: 'Code de récupération',
            submit: 'Réinitialiser',
            success: 'connexion à deux facteurs réinitialisée',
            failed: 'Une erreur est survenue lors de la réinitialisation de la connexion 2FA. Veuillez réessayer.',
            signInFirst: 'Connectez-vous d’abord avec votre mot de passe, puis choisissez « Authentificateur perdu ? ».',
        },
        initial: {
            title: 'Choisissez votre mot de passe',
            help: 'Votre mot de passe a été défini par quelqu’un d’autre. Choisissez le vôtre pour continuer.',
            failed: 'Le mot de passe n’a pas pu être enregistré. Veuillez réessayer.',
        },
        backToLogin: 'Retour à la connexion',
        notFound: {
            text: 'Désolé, la page demandée n’existe pas.',
            back: 'Retour à l’accueil',
        },
        error: {
            title: 'Une erreur est survenue',
            text: 'L’écran n’a pas pu s’afficher. Réessayez ou revenez à l’accueil.',
            retry: 'Réessayer',
            back: 'Retour à l’accueil',
        },
        loggingOut: 'Déconnexion…',
    },
};
export default fr;
