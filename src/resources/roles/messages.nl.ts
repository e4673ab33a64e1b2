import type { Messages } from '../../plugins/types';

const nl: Messages = {
    menu: { roles: 'Rollen' },
    resources: {
        roles: {
            name: 'Rol |||| Rollen',
            intro: 'Elke gebruiker heeft één rol. De rollen zijn gerangschikt van platformbeheerder tot accountgebruiker; deze tabel is wat de server afdwingt.',
            assignable: 'U kunt deze rol toekennen',
            notAssignable: 'U kunt deze rol niet toekennen',
            matrix: 'Rechten per rol',
            resource: 'Onderdeel',
            // The rights of features not in the console yet: the others name theirs in their own messages files.
            resources: {
                profiles: 'Profielen',
                backup: 'Back-up',
                restore: 'Terugzetten',
                importExport: 'Import/export',
                version: 'Versiegegevens',
                optOut: 'Opt-out',
                adaptive: 'Adaptieve 2FA',
                visitors: 'Bezoekers',
                mainAccount: 'Hoofdaccount van het platform',
            },
            actions: {
                read: 'lezen',
                write: 'schrijven',
                edit: 'bewerken',
                delete: 'verwijderen',
                export: 'exporteren',
                bulk_edit: 'bulkbewerking',
                bulk_delete: 'bulkverwijdering',
                bulk_reboot: 'bulkherstart',
                download_config: 'configuratie downloaden',
            },
        },
    },
};
export default nl;
