import type { Messages } from '../../plugins/types';

const en: Messages = {
    menu: { migrations: 'Migrations' },
    resources: {
        roles: { resources: { migrations: 'Migrations' } },
    },
    migrations: {
        title: 'System migrations',
        intro: 'What servers change in the database: its schema, and the data every server puts in place. A server applies them itself when it starts; this screen shows where the database stands.',
        states: { applied: 'Applied', pending: 'Pending', done: 'Done' },
        notRecorded: 'Not recorded',
        ahead: {
            title: 'The database has %{smart_count} migration this server does not know |||| The database has %{smart_count} migrations this server does not know',
            text: 'A newer version of the server has run them. Update this server to that version: an older server may not work with the newer schema.',
        },
        schema: {
            title: 'Schema migrations',
            applied_count: '%{smart_count} applied |||| %{smart_count} applied',
            pending_count: '%{smart_count} pending |||| %{smart_count} pending',
            index: '#',
            tag: 'Migration',
            written: 'Written on',
            applied: 'Applied on',
            version: 'Applied by version',
            state: 'State',
        },
        data: {
            title: 'Data migrations',
            intro: 'What every server puts in the database beside the schema when it starts, each with a check that it is there.',
            description: 'Description',
            state: 'State',
            detail: 'Detail',
            descriptions: {
                'predefined-card-formats': 'The predefined card formats, added and kept up to date at every start',
                'platform-identity': "The platform's id (named by its backups) and its token signing key, made at first start",
            },
        },
    },
};
export default en;
