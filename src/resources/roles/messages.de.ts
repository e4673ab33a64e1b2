import type { Messages } from '../../plugins/types';

const de: Messages = {
    menu: { roles: 'Rollen' },
    resources: {
        roles: {
            name: 'Rolle |||| Rollen',
            intro: 'Jeder Benutzer hat eine Rolle. Die Rollen sind vom Plattformadministrator bis zum Kontobenutzer geordnet; diese Tabelle ist das, was der Server durchsetzt.',
            assignable: 'Sie können diese Rolle vergeben',
            notAssignable: 'Sie können diese Rolle nicht vergeben',
            matrix: 'Rechte nach Rolle',
            resource: 'Ressource',
            // The rights of features not in the console yet: the others name theirs in their own messages files.
            resources: {
                profiles: 'Profile',
                backup: 'Sicherung',
                restore: 'Wiederherstellung',
                importExport: 'Import/Export',
                version: 'Versionsdetails',
                optOut: 'Opt-out',
                adaptive: 'Adaptive 2FA',
                visitors: 'Besucher',
                mainAccount: 'Hauptkonto der Plattform',
            },
            actions: {
                read: 'lesen',
                write: 'schreiben',
                edit: 'bearbeiten',
                delete: 'löschen',
                export: 'exportieren',
                bulk_edit: 'Massenbearbeitung',
                bulk_delete: 'Massenlöschung',
                bulk_reboot: 'Massenneustart',
                download_config: 'Konfiguration herunterladen',
            },
        },
    },
};
export default de;
