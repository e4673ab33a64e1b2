import type { Messages } from '../../plugins/types';

const en: Messages = {
    menu: { accounts: 'Accounts List', accountSettings: 'Account Settings' },
    resources: {
        roles: { resources: { accounts: 'Accounts', branding: 'Brand' } },
        audit_logs: { resourceNames: { accounts: 'Accounts' } },
        accounts: {
            deleteTitle: "Delete the account '%{name}'?",
            name: 'Account |||| Accounts',
            fields: {
                name: 'Name',
                ref_number: 'Reference number',
                type: 'Type',
                'address.email': 'Email',
                'address.country': 'Country',
                'address.city': 'City',
                'address.zip': 'Zip',
                'address.state': 'State',
                'address.street_address': 'Street address',
                'address.phone_number': 'Phone number',
                created_at: 'Created',
                q: 'Search',
            },
            create: 'Create account',
            edit: 'Edit account',
            sections: { details: 'Details', features: 'Features', login: 'Login preferences' },
            options: {
                'acs/enabled': 'Access control service (ACS integration)',
                'acs/opt_out_enabled': 'Biometric opt-out',
                'acs/provider': 'ACS provider',
                'ag/enabled': 'Access groups',
                'enr/enabled': 'Web enrollments',
                'prp/profiles': 'Profile retention (days)',
                'tfa/enabled': 'Two-factor login for the users of this account',
            },
            optionsSaved: 'Account settings saved',
            main: 'Platform main account',
        },
    },
};
export default en;
