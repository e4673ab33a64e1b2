import type { Messages } from '../../plugins/types';

const it: Messages = {
    menu: { migrations: 'Migrazioni' },
    resources: {
        roles: { resources: { migrations: 'Migrazioni' } },
    },
    migrations: {
        title: 'Migrazioni di sistema',
        intro: 'Ciò che i server modificano nel database: il suo schema e i dati che ogni server predispone. Un server le applica da sé all’avvio; questa schermata mostra a che punto è il database.',
        states: { applied: 'Applicata', pending: 'In attesa', done: 'Fatto' },
        notRecorded: 'Non registrata',
        ahead: {
            title: 'Il database ha %{smart_count} migrazione che questo server non conosce |||| Il database ha %{smart_count} migrazioni che questo server non conosce',
            text: 'Una versione più recente del server le ha eseguite. Aggiorna questo server a quella versione: un server più vecchio potrebbe non funzionare con lo schema più recente.',
        },
        schema: {
            title: 'Migrazioni dello schema',
            applied_count: '%{smart_count} applicata |||| %{smart_count} applicate',
            pending_count: '%{smart_count} in attesa |||| %{smart_count} in attesa',
            index: 'N.',
            tag: 'Migrazione',
            written: 'Scritta il',
            applied: 'Applicata il',
            version: 'Applicata dalla versione',
            state: 'Stato',
        },
        data: {
            title: 'Migrazioni dei dati',
            intro: 'Ciò che ogni server inserisce nel database accanto allo schema all’avvio, ciascuna con un controllo della sua presenza.',
            description: 'Descrizione',
            state: 'Stato',
            detail: 'Dettaglio',
            descriptions: {
                'predefined-card-formats': 'I formati di tessera predefiniti, aggiunti e mantenuti aggiornati a ogni avvio',
                'platform-identity':
                    'L’id della piattaforma (che dà il nome ai suoi backup) e la sua chiave di firma dei token, creati al primo avvio',
            },
        },
    },
};
export default it;
