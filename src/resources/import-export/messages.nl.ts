import type { Messages } from '../../plugins/types';

/** Texts of the import/export section of the account page. */
const nl: Messages = {
    resources: {
        import_export: {
            section: 'Import/export',
            export: {
                title: 'De gegevens van dit account exporteren',
                help: 'platform_data.zip bevat de instellingen van het account, kaartformaten, toegangsgroepen, lezers, apparaatparameters, badgelijsten en profielen met hun badges en toegangsgroepen, om te importeren in een ander account, op dit of een ander platform. Wachtwoorden, gezichtsafbeeldingen en toestemmingen zitten er niet in.',
                run: 'Exporteren',
                working: 'platform_data.zip wordt voorbereid',
                ready: 'platform_data.zip is klaar. Het bestand wordt een dag bewaard.',
                download: 'platform_data.zip downloaden',
                failed: 'Exporteren mislukt',
            },
            import: {
                title: 'Een platform_data.zip importeren',
                help: 'Voegt aan dit account de gegevens toe van een platform_data.zip die uit een account is geëxporteerd, op dit of een ander platform. Een rapport vermeldt wat is overgeslagen en waarom.',
                choose: 'Een platform_data.zip kiezen',
                run: 'Importeren',
                tooLarge: 'Het bestand is groter dan %{mb} MB.',
                confirmTitle: '%{file} in dit account importeren?',
                confirmContent:
                    'Het importeren voegt aan dit account toe wat het bestand bevat en het account nog niet heeft: niet-ingestelde instellingen, kaartformaten, toegangsgroepen, lezers, badgelijsten (bio-opt-out, adaptieve tweefactorauthenticatie, uitsluitingslijst) en profielen met hun badges en toegangsgroepen. De apparaatparameters uit het bestand gaan naar de apparaten van dit account met dezelfde hardware-ID. Niets wat al in het account staat wordt verwijderd; wat niet kan worden toegevoegd, staat in het rapport.',
                working: 'platform_data.zip wordt geïmporteerd',
                done: 'Importeren voltooid',
                report: 'Het rapport downloaden',
                failed: 'Importeren mislukt',
            },
            downloadFailed: 'Downloaden mislukt',
        },
    },
};
export default nl;
