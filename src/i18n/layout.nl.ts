import type { Messages } from '../plugins/types';

/** Texts of the layout: app bar, account switch, user menu, footer. */
const nl: Messages = {
    menu: { dashboard: 'Dashboard' },
    resources: {
        roles: { resources: { dashboard: 'Dashboard' } },
    },
    layout: {
        customerAccount: 'Klantaccount',
        backToMyAccount: 'Terug naar mijn account',
        version: 'Versie %{version}',
        accountType: { platform: 'Platform', dealer: 'Dealer', customer: 'Klant' },
        switch: {
            button: 'Van account wisselen',
            title: 'Van account wisselen',
            search: 'Accounts zoeken',
            accounts: 'Accounts',
            mine: 'mijn account',
            current: 'huidig',
            none: 'Geen account voldoet aan de zoekopdracht.',
            failed: 'De accounts konden niet worden geladen.',
            ownActive: 'Dealeraccount %{account} actief',
            active: '%{account} actief',
            modalText: 'U werkt nu in %{account}. Lijsten, instellingen en nieuwe items horen bij dit account tot u opnieuw wisselt.',
        },
        userMenu: { settings: 'Instellingen', language: 'Taal', logout: 'Uitloggen', shortcuts: 'Sneltoetsen' },
        shortcuts: {
            title: 'Sneltoetsen',
            help: 'Deze lijst tonen',
            search: 'Zoeken',
            goTo: 'Ga naar %{screen}',
            create: 'Een nieuwe rij aan de huidige lijst toevoegen',
            close: 'Deze lijst sluiten',
        },
        failure: { text: 'Deze pagina is helaas tijdelijk niet beschikbaar.', refresh: 'Vernieuwen' },
        diskLow: {
            writesRefused:
                'De schijfruimte van de server raakt op (%{free} van %{total} vrij; %{reserve} blijft als reserve vrij). Tot er ruimte vrijkomt, kan niets nieuws worden opgeslagen, geüpload of van lezers ontvangen; de lezers bewaren hun gebeurtenissen en sturen ze later. Oude firmware of gebeurtenissen verwijderen maakt ruimte vrij.',
            imagesPaused:
                'De schijfruimte van de server raakt op (%{free} van %{total} vrij). Gebeurtenissen worden zonder hun afbeeldingen opgeslagen tot er ruimte vrijkomt.',
        },
    },
    time: {
        seconds: '%{smart_count} s geleden',
        minutes: '%{smart_count} min geleden',
        oneHour: '1 uur geleden',
        hours: '%{smart_count} uur geleden',
        days: '1 dag geleden |||| %{smart_count} dagen geleden',
    },
};
export default nl;
