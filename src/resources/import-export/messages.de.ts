import type { Messages } from '../../plugins/types';

/** Texts of the import/export section of the account page. */
const de: Messages = {
    resources: {
        import_export: {
            section: 'Import/Export',
            export: {
                title: 'Daten dieses Kontos exportieren',
                help: 'platform_data.zip enthält die Einstellungen des Kontos, Kartenformate, Zutrittsgruppen, Lesegeräte, Geräteparameter, Ausweislisten und Profile mit ihren Ausweisen und Zutrittsgruppen, zum Import in ein anderes Konto, auf dieser oder einer anderen Plattform. Passwörter, Gesichtsbilder und Einwilligungen sind nicht enthalten.',
                run: 'Exportieren',
                working: 'platform_data.zip wird vorbereitet',
                ready: 'platform_data.zip ist bereit. Die Datei wird einen Tag lang aufbewahrt.',
                download: 'platform_data.zip herunterladen',
                failed: 'Export fehlgeschlagen',
            },
            import: {
                title: 'Eine platform_data.zip importieren',
                help: 'Fügt diesem Konto die Daten einer platform_data.zip hinzu, die aus einem Konto exportiert wurde, auf dieser oder einer anderen Plattform. Ein Bericht listet auf, was ausgelassen wurde und warum.',
                choose: 'Eine platform_data.zip wählen',
                run: 'Importieren',
                tooLarge: 'Die Datei ist größer als %{mb} MB.',
                confirmTitle: '%{file} in dieses Konto importieren?',
                confirmContent:
                    'Der Import fügt diesem Konto hinzu, was die Datei enthält und das Konto noch nicht hat: nicht festgelegte Einstellungen, Kartenformate, Zutrittsgruppen, Lesegeräte, Ausweislisten (Bio-Opt-out, adaptive Zwei-Faktor-Authentifizierung, Ausnahmeliste) und Profile mit ihren Ausweisen und Zutrittsgruppen. Die Geräteparameter der Datei werden auf die Geräte dieses Kontos mit derselben Hardware-ID übertragen. Nichts, was bereits im Konto ist, wird gelöscht; was nicht hinzugefügt werden kann, steht im Bericht.',
                working: 'platform_data.zip wird importiert',
                done: 'Import abgeschlossen',
                report: 'Bericht herunterladen',
                failed: 'Import fehlgeschlagen',
            },
            downloadFailed: 'Herunterladen fehlgeschlagen',
        },
    },
};
export default de;
