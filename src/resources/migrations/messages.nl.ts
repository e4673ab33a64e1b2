import type { Messages } from '../../plugins/types';

const nl: Messages = {
    menu: { migrations: 'Migraties' },
    resources: {
        roles: { resources: { migrations: 'Migraties' } },
    },
    migrations: {
        title: 'Systeemmigraties',
        intro: 'Wat servers aan de database veranderen: het schema en de gegevens die elke server aanmaakt. Een server past ze bij het starten zelf toe; dit scherm toont waar de database staat.',
        states: { applied: 'Toegepast', pending: 'In afwachting', done: 'Uitgevoerd' },
        notRecorded: 'Niet vastgelegd',
        ahead: {
            title: 'De database heeft %{smart_count} migratie die deze server niet kent |||| De database heeft %{smart_count} migraties die deze server niet kent',
            text: 'Een nieuwere versie van de server heeft ze uitgevoerd. Werk deze server bij naar die versie: een oudere server werkt mogelijk niet met het nieuwere schema.',
        },
        schema: {
            title: 'Schemamigraties',
            applied_count: '%{smart_count} toegepast |||| %{smart_count} toegepast',
            pending_count: '%{smart_count} in afwachting |||| %{smart_count} in afwachting',
            index: '#',
            tag: 'Migratie',
            written: 'Geschreven op',
            applied: 'Toegepast op',
            version: 'Toegepast door versie',
            state: 'Toestand',
        },
        data: {
            title: 'Gegevensmigraties',
            intro: 'Wat elke server bij het starten naast het schema in de database schrijft, elk met een controle dat het aanwezig is.',
            description: 'Omschrijving',
            state: 'Toestand',
            detail: 'Detail',
            descriptions: {
                'predefined-card-formats': 'De vooraf gedefinieerde kaartformaten, bij elke start toegevoegd en bijgewerkt',
                'platform-identity':
                    'De ID van het platform (vermeld in de back-ups) en de sleutel waarmee het tokens ondertekent, aangemaakt bij de eerste start',
            },
        },
    },
};
export default nl;
