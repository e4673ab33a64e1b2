import type { Messages } from '../../plugins/types';

const nl: Messages = {
    menu: { settings: 'Instellingen' },
    resources: {
        roles: { resources: { systemSettings: 'Systeeminstellingen' } },
    },
    settings: {
        title: 'Instellingen',
        intro: 'Instellingen van het hele platform. De omgeving van de server levert de beginwaarden; een hier opgeslagen waarde vervangt de beginwaarde direct, in elke instantie van de server.',
        sections: {
            mail: { title: 'Adres en e-mail', intro: 'Waar gebruikers de console bereiken en hoe het platform e-mail verstuurt.' },
            signIn: {
                title: 'Aanmelding en sessies',
                intro: 'Hoe lang een aanmelding geldt en wat er gebeurt na mislukte pogingen.',
            },
            readers: { title: 'Lezers', intro: 'Hoe vaak lezers zich melden en wanneer een stille lezer als offline geldt.' },
            retention: {
                title: 'Standaardbewaartermijn',
                intro: 'Hoe lang een account zijn beveiligingsgebeurtenissen en hun afbeeldingen bewaart als het geen eigen beleid heeft ingesteld.',
            },
            backups: { title: 'Back-ups', intro: 'Back-ups van het hele platform, volgens schema gemaakt.' },
            enrollment: {
                title: 'Webinschrijving',
                intro: 'Uitnodigingen om het gezicht in te schrijven, per e-mail verstuurd naar de adressen die het personeel van de accounts opgeeft.',
            },
        },
        fields: {
            public_url: {
                label: 'Openbaar adres van de console',
                help: 'Het adres dat gebruikers openen; links in e-mails verwijzen ernaar.',
            },
            mail_from: { label: 'Afzender van e-mails', help: 'De afzender van elke e-mail, bijv. Access Console <no-reply@example.com>.' },
            smtp_url: { label: 'SMTP-server' },
            access_token_ttl_seconds: {
                label: 'Geldigheid van het toegangstoken',
                help: 'Hoe lang een aanmelding wordt vertrouwd voordat de console haar op de achtergrond vernieuwt.',
            },
            refresh_token_ttl_seconds: {
                label: 'Geldigheid van het vernieuwingstoken',
                help: 'Een console die langer dan deze tijd niet wordt gebruikt, moet opnieuw aanmelden.',
            },
            session_max_seconds: {
                label: 'Maximale sessieduur',
                help: 'Een sessie eindigt deze tijd na de aanmelding, hoe actief ze ook is.',
            },
            max_failed_logins: {
                label: 'Mislukte aanmeldingen vóór blokkering',
                help: 'Mislukte pogingen met één e-mailadres binnen de blokkeringsduur; de volgende poging wordt geweigerd.',
            },
            lockout_seconds: {
                label: 'Blokkeringsduur',
                help: 'Hoe lang mislukte aanmeldingen meetellen, en hoe lang een geblokkeerde gebruiker moet wachten voordat hij het opnieuw probeert.',
            },
            device_heartbeat_seconds: { label: 'Heartbeat elke', help: 'Hoe vaak lezers zich bij de server melden.' },
            device_offline_seconds: {
                label: 'Offline na',
                help: 'Een lezer die zo lang stil blijft, geldt als offline. Meer dan één heartbeat.',
            },
            event_images_default_days: {
                label: 'Bewaartermijn van gebeurtenisafbeeldingen',
                help: 'Voor accounts die geen bewaarbeleid voor afbeeldingen instellen.',
            },
            events_default_days: {
                label: 'Bewaartermijn van beveiligingsgebeurtenissen',
                help: 'Voor accounts die geen bewaarbeleid voor beveiligingsgebeurtenissen instellen.',
            },
            backup_every_hours: { label: 'Back-up elke', help: '0: geen geplande back-ups.' },
            backup_keep: { label: 'Bewaarde back-ups', help: 'Na elke nieuwe back-up worden de oudste verwijderd.' },
            enrollment_invites_per_day: {
                label: 'Uitnodigingen per account per dag',
                help: 'Uitnodigingsmails, herhaalde verzendingen inbegrepen, die een account op één dag (UTC) mag versturen. Een upload die dit zou overschrijden, wordt helemaal geweigerd.',
            },
        },
        units: { seconds: 'seconden', minutes: 'minuten', hours: 'uren', days: 'dagen' },
        amounts: {
            seconds: '%{smart_count} seconde |||| %{smart_count} seconden',
            minutes: '%{smart_count} minuut |||| %{smart_count} minuten',
            hours: '%{smart_count} uur |||| %{smart_count} uur',
            days: '%{smart_count} dag |||| %{smart_count} dagen',
            attempts: '%{smart_count} poging |||| %{smart_count} pogingen',
            backups: '%{smart_count} back-up |||| %{smart_count} back-ups',
            invitations: '%{smart_count} uitnodiging |||| %{smart_count} uitnodigingen',
        },
        suffixes: { attempts: 'pogingen', days: 'dagen', hours: 'uur', backups: 'back-ups', invitations: 'uitnodigingen' },
        unitOf: 'Eenheid van %{field}',
        source: {
            saved: 'Hier opgeslagen',
            environment: 'Uit de omgeving',
            reset: 'De waarde van de omgeving gebruiken',
            resetTitle: 'De hier opgeslagen waarde weggooien: de omgeving van de server levert haar weer',
            resetDone: '%{field}: de waarde van de omgeving geldt weer',
            resetFailed: 'Fout bij het teruggaan naar de waarde van de omgeving',
        },
        smtp: {
            use: 'E-mail versturen via een SMTP-server',
            current: 'Huidige server: %{address}',
            none: 'Geen SMTP-server: e-mails worden in de uitgaande map (outbox) van de server geschreven.',
            address: 'Adres van de SMTP-server',
            newAddress: 'Nieuw adres van de SMTP-server',
            example: 'smtp:// of smtps://, bijv. smtps://user:password@mail.example.com',
            keep: 'Leeg laten om de huidige server te behouden. Het wachtwoord ervan wordt nooit getoond.',
            turnOff: 'Bij het opslaan worden e-mails in de uitgaande map geschreven in plaats van verstuurd.',
            show: 'Adres tonen',
            hide: 'Adres verbergen',
        },
        test: {
            title: 'Een testbericht versturen',
            intro: 'Verstuurt een bericht met de opgeslagen e-mailinstellingen, om te controleren of e-mail van het platform aankomt.',
            unsaved: 'De test gebruikt de opgeslagen instellingen: sla eerst uw wijzigingen op.',
            to: 'Versturen naar',
            send: 'Testbericht versturen',
            sentSmtp: 'Via de SMTP-server naar %{email} verstuurd.',
            sentOutbox: 'Geen SMTP-server: het bericht aan %{email} is in de uitgaande map van de server geschreven.',
            failed: 'Het bericht is niet verstuurd',
        },
        discard: 'Wijzigingen negeren',
        changes: '%{smart_count} niet-opgeslagen wijziging |||| %{smart_count} niet-opgeslagen wijzigingen',
        noChanges: 'Geen niet-opgeslagen wijzigingen',
        saved: 'Instellingen opgeslagen',
        saveFailed: 'Fout bij het opslaan van de instellingen',
        checkFields: 'Verbeter de rood gemarkeerde velden.',
        errors: {
            number: 'Voer een getal in',
            wholeNumber: 'Voer een geheel getal in',
            range: 'Van %{min} tot %{max}',
            atLeast: 'Minstens %{value}',
            atMost: 'Hoogstens %{value}',
            smtpRequired: 'Voer het adres van de SMTP-server in',
            publicUrl: 'Voer het adres in dat gebruikers openen, bijv. https://console.example.com',
            smtpUrl: 'Voer een smtp://- of smtps://-adres in, bijv. smtps://user:password@mail.example.com',
            mailFrom: 'Voer een afzender in, bijv. Access Console <no-reply@example.com>',
            offlineAfterHeartbeat: 'Een lezer moet meer dan één heartbeat krijgen voordat hij als offline geldt',
        },
    },
};
export default nl;
