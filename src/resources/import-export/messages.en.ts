import type { Messages } from '../../plugins/types';

/** Texts of the import/export section of the account page. */
const en: Messages = {
    resources: {
        import_export: {
            section: 'Import/export',
            export: {
                title: "Export this account's data",
                help: "platform_data.zip holds the account's settings, card formats, access groups, readers, device parameters, badge lists and profiles with their badges and access groups, to be imported into another account, on this platform or another. Passwords, face images and consents are not in it.",
                run: 'Export',
                working: 'Preparing platform_data.zip',
                ready: 'platform_data.zip is ready. It is kept for a day.',
                download: 'Download platform_data.zip',
                failed: 'Export failed',
            },
            import: {
                title: 'Import a platform_data.zip',
                help: 'Adds to this account the data of a platform_data.zip exported from an account, on this platform or another. A report lists what was left out and why.',
                choose: 'Choose a platform_data.zip',
                run: 'Import',
                tooLarge: 'The file is larger than %{mb} MB.',
                confirmTitle: 'Import %{file} into this account?',
                confirmContent:
                    "The import adds to this account what the file holds and the account does not have yet: settings it has not set, card formats, access groups, readers, badge lists (bio opt-out, adaptive two-factor, exclusion) and profiles with their badges and access groups. The device parameters of the file are set on this account's devices of the same hardware ID. Nothing already in the account is deleted; what cannot be added is listed in the report.",
                working: 'Importing platform_data.zip',
                done: 'Import finished',
                report: 'Download the report',
                failed: 'Import failed',
            },
            downloadFailed: 'Download failed',
        },
    },
};
export default en;
