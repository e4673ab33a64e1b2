import type { Messages } from '../plugins/types';

/** Texts of SPEC 8.4 (English exact), with Brazilian Portuguese. */
const ptBR: Messages = {
    notices: {
        deleteFailedTitle: 'Erro ao excluir: %{resource}',
        deleteFailed: 'Não foi possível excluir este item (%{resource})! Tente novamente mais tarde!',
        modifyFailedTitle: 'Erro ao modificar: %{resource}',
        modifyFailed: 'Não foi possível modificar este item (%{resource})! Tente novamente mais tarde!',
        createFailedTitle: 'Erro ao criar: %{resource}',
        createFailed: 'Não foi possível criar este item (%{resource})! Tente novamente mais tarde!',
        accessGroupDeleteFailedTitle: 'Erro ao excluir o grupo de acesso',
        serverError:
            'Não é possível prosseguir com a operação enviada. Tente novamente mais tarde ou copie o ID a seguir e entre em contato com a equipe de suporte para ajudar a resolver o problema.',
        deletedTitle: '%{resource} excluído',
        deleted: '%{resource} nº %{id} removido com sucesso',
        deletedPlain: 'Excluído com sucesso: %{resource}',
        modifiedTitle: '%{resource} modificado',
        createdTitle: 'Novo item criado',
        created: 'Nº %{id}',
        requestId: 'ID da solicitação',
        copy: 'copiar',
        copied: 'copiado',
        close: 'Fechar',
    },
};
export default ptBR;
