import type { Messages } from '../../plugins/types';

/** Texts of the import/export section of the account page. */
const fr: Messages = {
    resources: {
        import_export: {
            section: 'Import/export',
            export: {
                title: 'Exporter les données de ce compte',
                help: 'Le fichier platform_data.zip contient les réglages, formats de carte, groupes d’accès, lecteurs, paramètres des appareils, listes de badges et profils du compte avec leurs badges et leurs groupes d’accès, pour les importer dans un autre compte, sur cette plateforme ou une autre. Les mots de passe, les images des visages et les consentements n’y figurent pas.',
                run: 'Exporter',
                working: 'Préparation de platform_data.zip',
                ready: 'Le fichier platform_data.zip est prêt. Il est conservé un jour.',
                download: 'Télécharger platform_data.zip',
                failed: 'Échec de l’exportation',
            },
            import: {
                title: 'Importer un fichier platform_data.zip',
                help: 'Ajoute à ce compte les données d’un fichier platform_data.zip exporté d’un compte, sur cette plateforme ou une autre. Un rapport indique ce qui a été écarté et pourquoi.',
                choose: 'Choisir un fichier platform_data.zip',
                run: 'Importer',
                tooLarge: 'Le fichier dépasse %{mb} Mo.',
                confirmTitle: 'Importer %{file} dans ce compte ?',
                confirmContent:
                    'L’importation ajoute à ce compte ce que contient le fichier et que le compte n’a pas encore : les réglages qu’il n’a pas définis, formats de carte, groupes d’accès, lecteurs, listes de badges (refus biométrique, double authentification adaptative, exclusion) et profils avec leurs badges et leurs groupes d’accès. Les paramètres des appareils du fichier sont appliqués aux appareils de ce compte qui ont le même identifiant matériel. Rien de ce que contient déjà le compte n’est supprimé ; ce qui ne peut pas être ajouté figure dans le rapport.',
                working: 'Importation de platform_data.zip',
                done: 'Importation terminée',
                report: 'Télécharger le rapport',
                failed: 'Échec de l’importation',
            },
            downloadFailed: 'Échec du téléchargement',
        },
    },
};
export default fr;
