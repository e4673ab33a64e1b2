import type { Messages } from '../plugins/types';

/** Texts of SPEC 8.4 (English exact), with French. */
const fr: Messages = {
    notices: {
        deleteFailedTitle: 'Erreur lors de la suppression : %{resource}',
        deleteFailed: 'Nous n’avons pas pu supprimer cet élément (%{resource}) ! Veuillez réessayer plus tard !',
        modifyFailedTitle: 'Erreur lors de la modification : %{resource}',
        modifyFailed: 'Nous n’avons pas pu modifier cet élément (%{resource}) ! Veuillez réessayer plus tard !',
        createFailedTitle: 'Erreur lors de la création : %{resource}',
        createFailed: 'Nous n’avons pas pu créer cet élément (%{resource}) ! Veuillez réessayer plus tard !',
        accessGroupDeleteFailedTitle: 'Erreur lors de la suppression du groupe d’accès',
        serverError:
            'Nous ne pouvons pas effectuer l’opération demandée. Veuillez réessayer plus tard ou copier l’identifiant suivant et contacter l’équipe d’assistance pour résoudre le problème.',
        deletedTitle: '%{resource} supprimé',
        deleted: 'Entité %{resource} n° %{id} supprimée',
        deletedPlain: 'Suppression effectuée : %{resource}',
        modifiedTitle: '%{resource} modifié',
        createdTitle: 'Nouvelle entité créée',
        created: 'n° %{id}',
        requestId: 'Identifiant de requête',
        copy: 'copier',
        copied: 'copié',
        close: 'Fermer',
    },
};
export default fr;
