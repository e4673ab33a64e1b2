import type { Messages } from '../../plugins/types';

const ptBR: Messages = {
    menu: { search: 'Pesquisa' },
    search: {
        title: 'Pesquisa',
        intro: 'Nomes, descrições, endereços de e-mail e de hardware correspondem por qualquer parte; um ID ACS e um crachá (NÚMERO ou FC:NÚMERO) correspondem apenas por inteiro.',
        box: { label: 'Pesquisar', placeholder: 'Pesquisar… ( / )' },
        none: 'Nada que você pode ver corresponde a "%{q}".',
        more: 'Somente os primeiros %{n} são mostrados: digite mais do texto para refinar a busca.',
        shortcut: 'Em qualquer página, pressione',
        kinds: {
            accounts: 'Contas',
            users: 'Usuários',
            devices: 'Dispositivos',
            readers: 'Leitores',
            access_groups: 'Grupos de acesso',
            profiles: 'Perfis',
            badges: 'IDs de crachá',
            deployments: 'Implantações de firmware',
            firmware: 'Versões de firmware',
        },
    },
};
export default ptBR;
