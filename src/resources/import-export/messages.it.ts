import type { Messages } from '../../plugins/types';

/** Texts of the import/export section of the account page. */
const it: Messages = {
    resources: {
        import_export: {
            section: 'Importazione/esportazione',
            export: {
                title: 'Esporta i dati di questo account',
                help: 'platform_data.zip contiene impostazioni, formati di tessera, gruppi di accesso, lettori, parametri dei dispositivi, elenchi di badge e profili dell’account con i relativi badge e gruppi di accesso, da importare in un altro account, su questa piattaforma o su un’altra. Password, immagini dei volti e consensi non sono inclusi.',
                run: 'Esporta',
                working: 'Preparazione di platform_data.zip',
                ready: 'platform_data.zip è pronto. Viene conservato per un giorno.',
                download: 'Scarica platform_data.zip',
                failed: 'Esportazione non riuscita',
            },
            import: {
                title: 'Importa un platform_data.zip',
                help: 'Aggiunge a questo account i dati di un platform_data.zip esportato da un account, su questa piattaforma o su un’altra. Un rapporto elenca ciò che è stato escluso e perché.',
                choose: 'Scegli un platform_data.zip',
                run: 'Importa',
                tooLarge: 'Il file supera i %{mb} MB.',
                confirmTitle: 'Importare %{file} in questo account?',
                confirmContent:
                    'L’importazione aggiunge a questo account ciò che il file contiene e l’account non ha ancora: impostazioni non ancora definite, formati di tessera, gruppi di accesso, lettori, elenchi di badge (rinuncia biometrica, due fattori adattivo, esclusione) e profili con i relativi badge e gruppi di accesso. I parametri dei dispositivi del file vengono impostati sui dispositivi di questo account con lo stesso ID hardware. Nulla di ciò che è già nell’account viene eliminato; ciò che non può essere aggiunto è elencato nel rapporto.',
                working: 'Importazione di platform_data.zip',
                done: 'Importazione terminata',
                report: 'Scarica il rapporto',
                failed: 'Importazione non riuscita',
            },
            downloadFailed: 'Download non riuscito',
        },
    },
};
export default it;
