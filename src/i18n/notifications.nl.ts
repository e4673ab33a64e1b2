import type { Messages } from '../plugins/types';

/** Texts of SPEC 8.4 (English exact), with Dutch. */
const nl: Messages = {
    notices: {
        deleteFailedTitle: 'Fout bij het verwijderen: %{resource}',
        deleteFailed: 'Dit item (%{resource}) kon niet worden verwijderd! Probeer het later opnieuw!',
        modifyFailedTitle: 'Fout bij het wijzigen: %{resource}',
        modifyFailed: 'Dit item (%{resource}) kon niet worden gewijzigd! Probeer het later opnieuw!',
        createFailedTitle: 'Fout bij het aanmaken: %{resource}',
        createFailed: 'Dit item (%{resource}) kon niet worden aangemaakt! Probeer het later opnieuw!',
        accessGroupDeleteFailedTitle: 'Fout bij het verwijderen van de toegangsgroep',
        serverError:
            'De bewerking kan niet worden uitgevoerd. Probeer het later opnieuw, of kopieer de volgende ID en neem contact op met het supportteam, zodat het u kan helpen het probleem op te lossen.',
        deletedTitle: '%{resource} verwijderd',
        deleted: '%{resource} nr. %{id} is verwijderd',
        deletedPlain: 'Verwijderd: %{resource}',
        modifiedTitle: '%{resource} gewijzigd',
        createdTitle: 'Nieuw item aangemaakt',
        created: 'Nr. %{id}',
        requestId: 'Verzoek-ID',
        copy: 'kopiëren',
        copied: 'gekopieerd',
        close: 'Sluiten',
    },
};
export default nl;
