import type { Messages } from '../../plugins/types';

/** Texts of the access group screens (SPEC 2.2, 2.6, 4.7, 4.8); the contract/ validation texts are keyed by their English text. */
const nl: Messages = {
    menu: { accessGroups: 'Toegangsgroepen' },
    resources: {
        audit_logs: {
            resourceNames: { accessGroups: 'Toegangsgroepen' },
            actionNames: {
                make_default: 'Als standaard instellen',
                add_profiles: 'Badgehouders toevoegen',
                remove_profile: 'Een badgehouder verwijderen',
            },
        },
        access_groups: {
            name: 'Toegangsgroep |||| Toegangsgroepen',
            listEmpty: {
                write: 'Een toegangsgroep laat haar leden door bij de apparaten die haar bedienen. Voeg er een toe en geef haar daarna apparaten en leden.',
                read: 'Een toegangsgroep laat haar leden door bij de apparaten die haar bedienen. De beheerders en installateurs van het account maken ze aan.',
            },
            createsIn:
                'De groep wordt toegevoegd aan %{account}. Om haar aan een ander account toe te voegen, kiest u eerst dat account in het accountfilter van de lijst.',
            add: 'Toegangsgroep toevoegen',
            edit: 'Toegangsgroep bewerken',
            default: 'Standaard',
            makeDefault: 'Als standaard instellen',
            defaultDeleteTooltip: 'Dit is de standaardtoegangsgroep: stel eerst een andere groep als standaard in.',
            defaultLocked: 'De standaardgroep van het account. Om dit te wijzigen, stelt u een andere groep als standaard in.',
            defaultHelp: 'Apparaten die in het account zijn goedgekeurd, bedienen de standaardgroep tot anders wordt bepaald.',
            intro: 'Profielen in een groep krijgen toegang bij de apparaten die de groep bedienen.',
            fields: {
                description: 'Omschrijving',
                default_group: 'Standaardgroep',
                devices_count: 'Apparaten',
                profiles_count: 'Leden',
                created_at: 'Aangemaakt',
            },
            devices: {
                title: 'Apparaten',
                empty: 'Geen apparaat bedient deze groep: de leden krijgen nog nergens toegang.',
                add: 'Apparaat toevoegen',
                choose: 'Toe te voegen apparaat',
                remove: 'Deze groep niet meer bedienen',
                confirmRemove: 'Moet %{device} stoppen met het bedienen van %{group}?',
                confirmRemoveContent:
                    'De leden van de groep krijgen bij dit apparaat geen toegang meer, tenzij een andere groep die het apparaat bedient hen bevat.',
                description: 'Apparaat',
                hardware_id: 'Hardware-ID',
                status: 'Status',
                statuses: { pending: 'Wacht op goedkeuring', online: 'Online', offline: 'Offline', rejected: 'Geweigerd' },
            },
            members: {
                title: 'Leden',
                empty: 'Er zit geen badgehouder in deze groep.',
                add: 'Lid toevoegen',
                choose: 'Toe te voegen profiel (zoeken op ACS-ID)',
                search: 'Zoeken op ACS-ID',
                remove: 'Uit de groep verwijderen',
                confirmRemove: '%{profile} uit %{group} verwijderen?',
                confirmRemoveContent:
                    'De apparaten die de groep bedienen laten deze persoon niet meer door, tenzij een andere groep van deze persoon hem of haar bevat.',
                acs_id: 'ACS-ID',
                status: 'Status',
                badges: 'Badge-ID’s',
                noAcsId: 'Profiel nr. %{id}',
            },
        },
    },
    // The dashboard's recent activity names these audit actions of access groups and profiles in words.
    layout: {
        dashboard: {
            actions: {
                make_default: 'stelde als standaard in',
                add_devices: 'voegde apparaten toe aan',
                remove_device: 'verwijderde een apparaat uit',
                add_profiles: 'voegde leden toe aan',
                remove_profile: 'verwijderde een lid uit',
                grant_access: 'gaf toegang aan',
                revoke_access: 'trok de toegang in van',
            },
        },
    },
    'Description is required': 'De omschrijving is verplicht',
    'Choose at least one device': 'Kies minstens één apparaat',
    'Choose at least one profile': 'Kies minstens één profiel',
};
export default nl;
