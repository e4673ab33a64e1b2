import type { Messages } from '../plugins/types';

/** Texts of SPEC 8.4 (English exact), with German. */
const de: Messages = {
    notices: {
        deleteFailedTitle: 'Fehler beim Löschen: %{resource}',
        deleteFailed: 'Dieses Element (%{resource}) konnte nicht gelöscht werden! Bitte versuchen Sie es später erneut!',
        modifyFailedTitle: 'Fehler beim Ändern: %{resource}',
        modifyFailed: 'Dieses Element (%{resource}) konnte nicht geändert werden! Bitte versuchen Sie es später erneut!',
        createFailedTitle: 'Fehler beim Erstellen: %{resource}',
        createFailed: 'Dieses Element (%{resource}) konnte nicht erstellt werden! Bitte versuchen Sie es später erneut!',
        accessGroupDeleteFailedTitle: 'Fehler beim Löschen der Zutrittsgruppe',
        serverError:
            'Der Vorgang kann nicht ausgeführt werden. Bitte versuchen Sie es später erneut oder kopieren Sie die folgende ID und wenden Sie sich an das Support-Team, damit es Ihnen bei der Lösung des Problems hilft.',
        deletedTitle: '%{resource} gelöscht',
        deleted: '%{resource} Nr. %{id} erfolgreich entfernt',
        deletedPlain: 'Erfolgreich gelöscht: %{resource}',
        modifiedTitle: '%{resource} geändert',
        createdTitle: 'Neues Element erstellt',
        created: 'Nr. %{id}',
        requestId: 'Anfrage-ID',
        copy: 'kopieren',
        copied: 'kopiert',
        close: 'Schließen',
    },
};
export default de;
