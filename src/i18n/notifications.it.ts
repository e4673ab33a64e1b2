import type { Messages } from '../plugins/types';

/** Texts of SPEC 8.4 (English exact), with Italian. */
const it: Messages = {
    notices: {
        deleteFailedTitle: 'Errore durante l’eliminazione: %{resource}',
        deleteFailed: 'Non è stato possibile eliminare questo elemento (%{resource})! Riprova più tardi!',
        modifyFailedTitle: 'Errore durante la modifica: %{resource}',
        modifyFailed: 'Non è stato possibile modificare questo elemento (%{resource})! Riprova più tardi!',
        createFailedTitle: 'Errore durante la creazione: %{resource}',
        createFailed: 'Non è stato possibile creare questo elemento (%{resource})! Riprova più tardi!',
        accessGroupDeleteFailedTitle: 'Errore durante l’eliminazione del gruppo di accesso',
        serverError:
            'Impossibile eseguire l’operazione richiesta. Riprova più tardi oppure copia l’ID seguente e contatta il team di assistenza per risolvere il problema.',
        deletedTitle: '%{resource} eliminato',
        deleted: '%{resource} n. %{id} rimosso correttamente',
        deletedPlain: 'Eliminazione riuscita: %{resource}',
        modifiedTitle: '%{resource} modificato',
        createdTitle: 'Nuovo elemento creato',
        created: 'N. %{id}',
        requestId: 'ID richiesta',
        copy: 'copia',
        copied: 'copiato',
        close: 'Chiudi',
    },
};
export default it;
