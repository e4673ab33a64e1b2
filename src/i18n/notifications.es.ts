import type { Messages } from '../plugins/types';

/** Texts of SPEC 8.4 (English exact), with Spanish. */
const es: Messages = {
    notices: {
        deleteFailedTitle: 'Error al eliminar: %{resource}',
        deleteFailed: 'No se pudo eliminar este elemento (%{resource}). Inténtelo de nuevo más tarde.',
        modifyFailedTitle: 'Error al modificar: %{resource}',
        modifyFailed: 'No se pudo modificar este elemento (%{resource}). Inténtelo de nuevo más tarde.',
        createFailedTitle: 'Error al crear: %{resource}',
        createFailed: 'No se pudo crear este elemento (%{resource}). Inténtelo de nuevo más tarde.',
        accessGroupDeleteFailedTitle: 'Error al eliminar el grupo de acceso',
        serverError:
            'No se puede completar la operación solicitada. Inténtelo de nuevo más tarde o copie el siguiente identificador y póngase en contacto con el equipo de soporte para que le ayude a resolver el problema.',
        deletedTitle: 'Eliminado: %{resource}',
        deleted: 'Se eliminó correctamente la entidad %{resource} n.º %{id}',
        deletedPlain: 'Se eliminó correctamente: %{resource}',
        modifiedTitle: 'Modificado: %{resource}',
        createdTitle: 'Nueva entidad creada',
        created: 'n.º %{id}',
        requestId: 'ID de la solicitud',
        copy: 'copiar',
        copied: 'copiado',
        close: 'Cerrar',
    },
};
export default es;
