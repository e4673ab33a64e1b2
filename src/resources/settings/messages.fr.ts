import type { Messages } from '../../plugins/types';

const fr: Messages = {
    menu: { settings: 'Paramètres' },
    resources: {
        roles: { resources: { systemSettings: 'Paramètres système' } },
    },
    settings: {
        title: 'Paramètres',
        intro: 'Paramètres de toute la plateforme. L’environnement du serveur donne leurs premières valeurs ; une valeur enregistrée ici la remplace aussitôt, dans chaque instance du serveur.',
        sections: {
            mail: {
                title: 'Adresse et messagerie',
                intro: 'L’adresse où les utilisateurs ouvrent la console, et la façon dont la plateforme envoie ses e-mails.',
            },
            signIn: {
                title: 'Connexion et sessions',
                intro: 'La durée d’une connexion, et ce qui se passe après des tentatives échouées.',
            },
            readers: {
                title: 'Lecteurs',
                intro: 'La fréquence à laquelle les lecteurs se signalent, et le délai après lequel un lecteur muet est hors ligne.',
            },
            retention: {
                title: 'Conservation par défaut',
                intro: 'La durée pendant laquelle un compte garde ses événements de sécurité et leurs images lorsqu’il n’a fixé aucune règle.',
            },
            backups: { title: 'Sauvegardes', intro: 'Les sauvegardes de toute la plateforme, faites à intervalle régulier.' },
            enrollment: {
                title: 'Inscription web',
                intro: 'Les invitations à inscrire son visage, envoyées par e-mail aux adresses données par le personnel des comptes.',
            },
        },
        fields: {
            public_url: {
                label: 'Adresse publique de la console',
                help: 'L’adresse qu’ouvrent les utilisateurs ; les liens des e-mails y mènent.',
            },
            mail_from: {
                label: 'Expéditeur des e-mails',
                help: 'L’expéditeur de chaque e-mail, par exemple Access Console <no-reply@example.com>.',
            },
            smtp_url: { label: 'Serveur SMTP' },
            access_token_ttl_seconds: {
                label: 'Durée du jeton d’accès',
                help: 'Le temps pendant lequel une connexion est reconnue avant que la console la renouvelle en arrière-plan.',
            },
            refresh_token_ttl_seconds: {
                label: 'Durée du jeton de renouvellement',
                help: 'Une console inutilisée plus longtemps doit se reconnecter.',
            },
            session_max_seconds: {
                label: 'Durée maximale d’une session',
                help: 'Une session prend fin ce délai après la connexion, même si elle reste active.',
            },
            max_failed_logins: {
                label: 'Échecs de connexion avant blocage',
                help: 'Tentatives échouées avec une même adresse e-mail pendant la durée du blocage ; la tentative suivante est refusée.',
            },
            lockout_seconds: {
                label: 'Durée du blocage',
                help: 'Le temps pendant lequel les échecs comptent, et l’attente d’un utilisateur bloqué avant un nouvel essai.',
            },
            device_heartbeat_seconds: {
                label: 'Signal de vie toutes les',
                help: 'La fréquence à laquelle les lecteurs se signalent au serveur.',
            },
            device_offline_seconds: {
                label: 'Hors ligne après',
                help: 'Un lecteur muet pendant ce délai est considéré hors ligne. Plus d’un signal de vie.',
            },
            event_images_default_days: {
                label: 'Conservation des images d’événements',
                help: 'Pour les comptes sans règle de conservation des images.',
            },
            events_default_days: {
                label: 'Conservation des événements de sécurité',
                help: 'Pour les comptes sans règle de conservation des événements de sécurité.',
            },
            backup_every_hours: { label: 'Sauvegarde toutes les', help: '0 : aucune sauvegarde planifiée.' },
            backup_keep: { label: 'Sauvegardes gardées', help: 'Les plus anciennes sont supprimées après chaque nouvelle sauvegarde.' },
            enrollment_invites_per_day: {
                label: 'Invitations par compte et par jour',
                help: 'Les e-mails d’invitation, renvois compris, qu’un compte peut envoyer en un jour (UTC). Un envoi qui le dépasserait est refusé en entier.',
            },
        },
        units: { seconds: 'secondes', minutes: 'minutes', hours: 'heures', days: 'jours' },
        amounts: {
            seconds: '%{smart_count} seconde |||| %{smart_count} secondes',
            minutes: '%{smart_count} minute |||| %{smart_count} minutes',
            hours: '%{smart_count} heure |||| %{smart_count} heures',
            days: '%{smart_count} jour |||| %{smart_count} jours',
            attempts: '%{smart_count} tentative |||| %{smart_count} tentatives',
            backups: '%{smart_count} sauvegarde |||| %{smart_count} sauvegardes',
            invitations: '%{smart_count} invitation |||| %{smart_count} invitations',
        },
        suffixes: { attempts: 'tentatives', days: 'jours', hours: 'heures', backups: 'sauvegardes', invitations: 'invitations' },
        unitOf: 'Unité pour « %{field} »',
        source: {
            saved: 'Enregistré ici',
            environment: 'Venant de l’environnement',
            reset: 'Reprendre la valeur de l’environnement',
            resetTitle: 'Oublier la valeur enregistrée ici : l’environnement du serveur la donne de nouveau',
            resetDone: '%{field} : la valeur de l’environnement s’applique de nouveau',
            resetFailed: 'Erreur lors du retour à la valeur de l’environnement',
        },
        smtp: {
            use: 'Envoyer les e-mails par un serveur SMTP',
            current: 'Serveur actuel : %{address}',
            none: 'Aucun serveur SMTP : les e-mails sont écrits dans le dossier outbox du serveur.',
            address: 'Adresse du serveur SMTP',
            newAddress: 'Nouvelle adresse du serveur SMTP',
            example: 'smtp:// ou smtps://, par exemple smtps://utilisateur:motdepasse@mail.example.com',
            keep: 'Laissez vide pour garder le serveur actuel. Son mot de passe n’est jamais affiché.',
            turnOff: 'À l’enregistrement, les e-mails seront écrits dans le dossier outbox au lieu d’être envoyés.',
            show: 'Afficher l’adresse',
            hide: 'Masquer l’adresse',
        },
        test: {
            title: 'Envoyer un message d’essai',
            intro: 'Envoie un message avec les réglages de messagerie enregistrés, pour vérifier que les e-mails de la plateforme arrivent.',
            unsaved: 'L’essai utilise les réglages enregistrés : enregistrez d’abord vos modifications.',
            to: 'Destinataire',
            send: 'Envoyer un message d’essai',
            sentSmtp: 'Envoyé par le serveur SMTP à %{email}.',
            sentOutbox: 'Aucun serveur SMTP : le message pour %{email} a été écrit dans le dossier outbox du serveur.',
            failed: 'Le message n’a pas été envoyé',
        },
        discard: 'Annuler les modifications',
        changes: '%{smart_count} modification non enregistrée |||| %{smart_count} modifications non enregistrées',
        noChanges: 'Aucune modification non enregistrée',
        saved: 'Paramètres enregistrés',
        saveFailed: 'Erreur lors de l’enregistrement des paramètres',
        checkFields: 'Corrigez les champs signalés en rouge.',
        errors: {
            number: 'Saisissez un nombre',
            wholeNumber: 'Saisissez un nombre entier',
            range: 'De %{min} à %{max}',
            atLeast: 'Au moins %{value}',
            atMost: 'Au plus %{value}',
            smtpRequired: 'Saisissez l’adresse du serveur SMTP',
            publicUrl: 'Saisissez l’adresse qu’ouvrent les utilisateurs, par exemple https://console.example.com',
            smtpUrl: 'Saisissez une adresse smtp:// ou smtps://, par exemple smtps://utilisateur:motdepasse@mail.example.com',
            mailFrom: 'Saisissez un expéditeur, par exemple Access Console <no-reply@example.com>',
            offlineAfterHeartbeat: 'Un lecteur doit disposer de plus d’un signal de vie avant d’être considéré hors ligne',
        },
    },
};
export default fr;
