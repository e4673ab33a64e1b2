import type { Messages } from '../plugins/types';

/** Texts of SPEC 8.4 (English exact), with French. */
export const noticeMessages: { en: Messages; fr: Messages } = {
    en: {
        notices: {
            deleteFailedTitle: 'Error deleting %{resource}',
            deleteFailed: 'We were unable to delete this %{resource}! Please try again later!',
            modifyFailedTitle: 'Error modifying %{resource}',
            modifyFailed: 'We were unable to modify this %{resource}! Please try again later!',
            createFailedTitle: 'Error creating %{resource}',
            createFailed: 'We were unable to create this %{resource}! Please try again later!',
            accessGroupDeleteFailedTitle: 'Error Deleting Access Goup',
            serverError:
                'We are unable to proceed with the submitted operation. Please try again later or copy the following ID and contact the support team to assist you in resolving the issue.',
            deletedTitle: 'Deleted %{resource}',
            deleted: 'Successfully removed entity %{resource} with #%{id}',
            deletedPlain: 'Successfully deleted the %{resource}',
            modifiedTitle: 'Modified %{resource}',
            createdTitle: 'Created new entity',
            created: '#%{id}',
            requestId: 'Request ID',
            copy: 'copy',
            copied: 'copied',
            close: 'Close',
        },
    },
    fr: {
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
            deletedPlain: '%{resource} supprimé avec succès',
            modifiedTitle: '%{resource} modifié',
            createdTitle: 'Nouvelle entité créée',
            created: 'n° %{id}',
            requestId: 'Identifiant de requête',
            copy: 'copier',
            copied: 'copié',
            close: 'Fermer',
        },
    },
};
