import type { Messages } from '../../plugins/types';

const it: Messages = {
    menu: { roles: 'Ruoli' },
    resources: {
        roles: {
            name: 'Ruolo |||| Ruoli',
            intro: 'Ogni utente ha un ruolo. I ruoli sono ordinati dall’amministratore della piattaforma fino all’utente dell’account; questa tabella è ciò che il server applica.',
            assignable: 'Puoi assegnare questo ruolo',
            notAssignable: 'Non puoi assegnare questo ruolo',
            matrix: 'Diritti per ruolo',
            resource: 'Risorsa',
            // The rights of features not in the console yet: the others name theirs in their own messages files.
            resources: {
                profiles: 'Profili',
                backup: 'Backup',
                restore: 'Ripristino',
                importExport: 'Importazione/esportazione',
                version: 'Dettagli della versione',
                optOut: 'Rinuncia',
                adaptive: '2FA adattivo',
                visitors: 'Visitatori',
                mainAccount: 'Account principale della piattaforma',
            },
            actions: {
                read: 'lettura',
                write: 'scrittura',
                edit: 'modifica',
                delete: 'eliminazione',
                export: 'esportazione',
                bulk_edit: 'modifica in blocco',
                bulk_delete: 'eliminazione in blocco',
                bulk_reboot: 'riavvio in blocco',
                download_config: 'download configurazione',
            },
        },
    },
};
export default it;
