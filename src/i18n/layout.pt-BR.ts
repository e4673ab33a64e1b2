import type { Messages } from '../plugins/types';

/** Texts of the layout: app bar, account switch, user menu, footer. */
const ptBR: Messages = {
    menu: { dashboard: 'Painel' },
    resources: {
        roles: { resources: { dashboard: 'Painel' } },
    },
    layout: {
        customerAccount: 'Conta de cliente',
        backToMyAccount: 'Voltar à minha conta',
        version: 'Versão %{version}',
        accountType: { platform: 'Plataforma', dealer: 'Revendedor', customer: 'Cliente' },
        switch: {
            button: 'Trocar de conta',
            title: 'Trocar de conta',
            search: 'Pesquisar contas',
            accounts: 'Contas',
            mine: 'minha conta',
            current: 'atual',
            none: 'Nenhuma conta corresponde.',
            failed: 'Não foi possível carregar as contas.',
            ownActive: 'Conta de revendedor %{account} ativa',
            active: '%{account} ativa',
            modalText:
                'Agora você está trabalhando em %{account}. Listas, configurações e novos registros pertencem a esta conta até você trocar novamente.',
        },
        userMenu: { settings: 'Configurações', language: 'Idioma', logout: 'Sair', shortcuts: 'Atalhos de teclado' },
        shortcuts: {
            title: 'Atalhos de teclado',
            help: 'Mostrar esta lista',
            search: 'Pesquisar',
            goTo: 'Ir para %{screen}',
            create: 'Adicionar uma nova linha à lista atual',
            close: 'Fechar esta lista',
        },
        failure: { text: 'Desculpe, a página está temporariamente indisponível.', refresh: 'Atualizar' },
        diskLow: {
            writesRefused:
                'O servidor está com pouco espaço em disco (%{free} livres de %{total}; %{reserve} ficam em reserva). Nada novo pode ser salvo, enviado ou recebido dos leitores até que haja espaço livre; os leitores guardam seus eventos e os enviam depois. Excluir firmwares ou eventos antigos libera espaço.',
            imagesPaused:
                'O servidor está ficando sem espaço em disco (%{free} livres de %{total}). Os eventos são registrados sem suas imagens até que haja espaço livre.',
        },
    },
    time: {
        seconds: 'há %{smart_count} s',
        minutes: 'há %{smart_count} min',
        oneHour: 'há 1 hora',
        hours: 'há %{smart_count} horas',
        days: 'há 1 dia |||| há %{smart_count} dias',
    },
};
export default ptBR;
