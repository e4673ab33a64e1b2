import type { Messages } from '../../plugins/types';

const de: Messages = {
    menu: { settings: 'Einstellungen' },
    resources: {
        roles: { resources: { systemSettings: 'Systemeinstellungen' } },
    },
    settings: {
        title: 'Einstellungen',
        intro: 'Einstellungen der gesamten Plattform. Die Umgebung des Servers liefert ihre Anfangswerte; ein hier gespeicherter Wert ersetzt den Anfangswert sofort, in jeder Instanz des Servers.',
        sections: {
            mail: { title: 'Adresse und E-Mail', intro: 'Wo Benutzer die Konsole erreichen und wie die Plattform E-Mails versendet.' },
            signIn: {
                title: 'Anmeldung und Sitzungen',
                intro: 'Wie lange eine Anmeldung gilt und was nach fehlgeschlagenen Versuchen geschieht.',
            },
            readers: { title: 'Lesegeräte', intro: 'Wie oft sich Lesegeräte melden und wann ein stummes Lesegerät als offline gilt.' },
            retention: {
                title: 'Standardaufbewahrung',
                intro: 'Wie lange ein Konto seine Sicherheitsereignisse und deren Bilder aufbewahrt, wenn es keine eigene Richtlinie festgelegt hat.',
            },
            backups: { title: 'Sicherungen', intro: 'Sicherungen der gesamten Plattform, nach Zeitplan erstellt.' },
            enrollment: {
                title: 'Web-Erfassung',
                intro: 'Einladungen zur Gesichtserfassung, per E-Mail an die Adressen gesendet, die das Personal der Konten angibt.',
            },
        },
        fields: {
            public_url: {
                label: 'Öffentliche Adresse der Konsole',
                help: 'Die Adresse, die Benutzer öffnen; Links in E-Mails verweisen darauf.',
            },
            mail_from: { label: 'Absender der E-Mails', help: 'Der Absender jeder E-Mail, z. B. Access Console <no-reply@example.com>.' },
            smtp_url: { label: 'SMTP-Server' },
            access_token_ttl_seconds: {
                label: 'Gültigkeitsdauer des Zugriffstokens',
                help: 'Wie lange einer Anmeldung vertraut wird, bevor die Konsole sie im Hintergrund erneuert.',
            },
            refresh_token_ttl_seconds: {
                label: 'Gültigkeitsdauer des Aktualisierungstokens',
                help: 'Eine Konsole, die länger als diese Zeit nicht benutzt wird, muss sich erneut anmelden.',
            },
            session_max_seconds: {
                label: 'Maximale Sitzungsdauer',
                help: 'Eine Sitzung endet diese Zeit nach der Anmeldung, wie aktiv sie auch ist.',
            },
            max_failed_logins: {
                label: 'Fehlgeschlagene Anmeldungen bis zur Sperre',
                help: 'Fehlgeschlagene Versuche mit einer E-Mail-Adresse innerhalb der Sperrdauer; der nächste Versuch wird abgewiesen.',
            },
            lockout_seconds: {
                label: 'Sperrdauer',
                help: 'Wie lange fehlgeschlagene Anmeldungen zählen und wie lange ein gesperrter Benutzer warten muss, bevor er es erneut versucht.',
            },
            device_heartbeat_seconds: { label: 'Heartbeat alle', help: 'Wie oft sich Lesegeräte beim Server melden.' },
            device_offline_seconds: {
                label: 'Offline nach',
                help: 'Ein Lesegerät, das so lange stumm bleibt, gilt als offline. Mehr als ein Heartbeat.',
            },
            event_images_default_days: {
                label: 'Aufbewahrung der Ereignisbilder',
                help: 'Für Konten, die keine Aufbewahrungsrichtlinie für Bilder festlegen.',
            },
            events_default_days: {
                label: 'Aufbewahrung der Sicherheitsereignisse',
                help: 'Für Konten, die keine Aufbewahrungsrichtlinie für Sicherheitsereignisse festlegen.',
            },
            backup_every_hours: { label: 'Sichern alle', help: '0: keine geplanten Sicherungen.' },
            backup_keep: { label: 'Aufbewahrte Sicherungen', help: 'Nach jeder neuen Sicherung werden die ältesten entfernt.' },
            enrollment_invites_per_day: {
                label: 'Einladungen pro Konto und Tag',
                help: 'Einladungs-E-Mails, erneute Sendungen eingeschlossen, die ein Konto an einem Tag (UTC) senden darf. Ein Upload, der sie überschreiten würde, wird ganz abgelehnt.',
            },
        },
        units: { seconds: 'Sekunden', minutes: 'Minuten', hours: 'Stunden', days: 'Tage' },
        amounts: {
            seconds: '%{smart_count} Sekunde |||| %{smart_count} Sekunden',
            minutes: '%{smart_count} Minute |||| %{smart_count} Minuten',
            hours: '%{smart_count} Stunde |||| %{smart_count} Stunden',
            days: '%{smart_count} Tag |||| %{smart_count} Tage',
            attempts: '%{smart_count} Versuch |||| %{smart_count} Versuche',
            backups: '%{smart_count} Sicherung |||| %{smart_count} Sicherungen',
            invitations: '%{smart_count} Einladung |||| %{smart_count} Einladungen',
        },
        suffixes: { attempts: 'Versuche', days: 'Tage', hours: 'Stunden', backups: 'Sicherungen', invitations: 'Einladungen' },
        unitOf: 'Einheit von %{field}',
        source: {
            saved: 'Hier gespeichert',
            environment: 'Aus der Umgebung',
            reset: 'Wert der Umgebung verwenden',
            resetTitle: 'Den hier gespeicherten Wert verwerfen: Die Umgebung des Servers liefert ihn wieder',
            resetDone: '%{field}: Der Wert der Umgebung gilt wieder',
            resetFailed: 'Fehler beim Zurückkehren zum Wert der Umgebung',
        },
        smtp: {
            use: 'E-Mails über einen SMTP-Server senden',
            current: 'Aktueller Server: %{address}',
            none: 'Kein SMTP-Server: E-Mails werden in den Ausgangsordner (outbox) des Servers geschrieben.',
            address: 'Adresse des SMTP-Servers',
            newAddress: 'Neue Adresse des SMTP-Servers',
            example: 'smtp:// oder smtps://, z. B. smtps://user:password@mail.example.com',
            keep: 'Leer lassen, um den aktuellen Server zu behalten. Sein Passwort wird nie angezeigt.',
            turnOff: 'Beim Speichern werden E-Mails in den Ausgangsordner geschrieben, statt versendet zu werden.',
            show: 'Adresse anzeigen',
            hide: 'Adresse verbergen',
        },
        test: {
            title: 'Testnachricht senden',
            intro: 'Sendet eine Nachricht mit den gespeicherten E-Mail-Einstellungen, um zu prüfen, ob E-Mails der Plattform ankommen.',
            unsaved: 'Der Test verwendet die gespeicherten Einstellungen: Speichern Sie zuerst Ihre Änderungen.',
            to: 'Senden an',
            send: 'Testnachricht senden',
            sentSmtp: 'Über den SMTP-Server an %{email} gesendet.',
            sentOutbox: 'Kein SMTP-Server: Die Nachricht an %{email} wurde in den Ausgangsordner des Servers geschrieben.',
            failed: 'Die Nachricht wurde nicht gesendet',
        },
        discard: 'Änderungen verwerfen',
        changes: '%{smart_count} ungespeicherte Änderung |||| %{smart_count} ungespeicherte Änderungen',
        noChanges: 'Keine ungespeicherten Änderungen',
        saved: 'Einstellungen gespeichert',
        saveFailed: 'Fehler beim Speichern der Einstellungen',
        checkFields: 'Korrigieren Sie die rot markierten Felder.',
        errors: {
            number: 'Geben Sie eine Zahl ein',
            wholeNumber: 'Geben Sie eine ganze Zahl ein',
            range: 'Von %{min} bis %{max}',
            atLeast: 'Mindestens %{value}',
            atMost: 'Höchstens %{value}',
            smtpRequired: 'Geben Sie die Adresse des SMTP-Servers ein',
            publicUrl: 'Geben Sie die Adresse ein, die Benutzer öffnen, z. B. https://console.example.com',
            smtpUrl: 'Geben Sie eine smtp://- oder smtps://-Adresse ein, z. B. smtps://user:password@mail.example.com',
            mailFrom: 'Geben Sie einen Absender ein, z. B. Access Console <no-reply@example.com>',
            offlineAfterHeartbeat: 'Einem Lesegerät muss mehr als ein Heartbeat zugestanden werden, bevor es als offline gilt',
        },
    },
};
export default de;
