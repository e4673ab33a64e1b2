import type { Messages } from '../../plugins/types';

const ptBR: Messages = {
    menu: { settings: 'Configurações' },
    resources: {
        roles: { resources: { systemSettings: 'Configurações do sistema' } },
    },
    settings: {
        title: 'Configurações',
        intro: 'Configurações de toda a plataforma. O ambiente do servidor fornece os valores iniciais; um valor salvo aqui o substitui imediatamente, em todas as instâncias do servidor.',
        sections: {
            mail: { title: 'Endereço e e-mail', intro: 'Onde os usuários acessam o console e como a plataforma envia e-mails.' },
            signIn: { title: 'Login e sessões', intro: 'Quanto tempo dura um login e o que acontece após tentativas malsucedidas.' },
            readers: {
                title: 'Leitores',
                intro: 'Com que frequência os leitores se reportam e quando um leitor em silêncio passa a contar como offline.',
            },
            retention: {
                title: 'Retenção padrão',
                intro: 'Por quanto tempo uma conta mantém seus eventos de segurança e as imagens deles quando não definiu uma política própria.',
            },
            backups: { title: 'Backups', intro: 'Backups de toda a plataforma, feitos conforme um agendamento.' },
            enrollment: {
                title: 'Cadastro pela web',
                intro: 'Convites para cadastrar o rosto, enviados por e-mail para os endereços informados pela equipe da conta.',
            },
        },
        fields: {
            public_url: {
                label: 'Endereço público do console',
                help: 'O endereço que os usuários abrem; os links nos e-mails apontam para ele.',
            },
            mail_from: {
                label: 'Remetente dos e-mails',
                help: 'O remetente de todos os e-mails, por exemplo Console de acesso <no-reply@example.com>.',
            },
            smtp_url: { label: 'Servidor SMTP' },
            access_token_ttl_seconds: {
                label: 'Duração do token de acesso',
                help: 'Por quanto tempo um login é considerado confiável antes que o console o renove em segundo plano.',
            },
            refresh_token_ttl_seconds: {
                label: 'Duração do token de atualização',
                help: 'Um console sem uso por mais tempo que isso precisa entrar novamente.',
            },
            session_max_seconds: {
                label: 'Duração máxima da sessão',
                help: 'Uma sessão termina depois desse tempo a partir do login, por mais ativa que esteja.',
            },
            max_failed_logins: {
                label: 'Logins malsucedidos antes do bloqueio',
                help: 'Tentativas malsucedidas com um mesmo endereço de e-mail dentro da duração do bloqueio; a tentativa seguinte é recusada.',
            },
            lockout_seconds: {
                label: 'Duração do bloqueio',
                help: 'Por quanto tempo os logins malsucedidos são contados e quanto tempo um usuário bloqueado espera antes de tentar novamente.',
            },
            device_heartbeat_seconds: { label: 'Heartbeat a cada', help: 'Com que frequência os leitores se reportam ao servidor.' },
            device_offline_seconds: {
                label: 'Offline após',
                help: 'Um leitor em silêncio por esse tempo passa a contar como offline. Mais de um heartbeat.',
            },
            event_images_default_days: { label: 'Imagens de eventos mantidas', help: 'Para contas sem política de retenção de imagens.' },
            events_default_days: {
                label: 'Eventos de segurança mantidos',
                help: 'Para contas sem política de retenção de eventos de segurança.',
            },
            backup_every_hours: { label: 'Backup a cada', help: '0: sem backups agendados.' },
            backup_keep: { label: 'Backups mantidos', help: 'Os backups mais antigos são removidos após cada novo backup.' },
            enrollment_invites_per_day: {
                label: 'Convites por conta por dia',
                help: 'E-mails de convite, incluindo reenvios, que uma conta pode enviar em um dia (UTC). Um envio de arquivo que ultrapassaria o limite é recusado por inteiro.',
            },
        },
        units: { seconds: 'segundos', minutes: 'minutos', hours: 'horas', days: 'dias' },
        amounts: {
            seconds: '%{smart_count} segundo |||| %{smart_count} segundos',
            minutes: '%{smart_count} minuto |||| %{smart_count} minutos',
            hours: '%{smart_count} hora |||| %{smart_count} horas',
            days: '%{smart_count} dia |||| %{smart_count} dias',
            attempts: '%{smart_count} tentativa |||| %{smart_count} tentativas',
            backups: '%{smart_count} backup |||| %{smart_count} backups',
            invitations: '%{smart_count} convite |||| %{smart_count} convites',
        },
        suffixes: { attempts: 'tentativas', days: 'dias', hours: 'horas', backups: 'backups', invitations: 'convites' },
        unitOf: 'Unidade de %{field}',
        source: {
            saved: 'Salvo aqui',
            environment: 'Do ambiente',
            reset: 'Usar o valor do ambiente',
            resetTitle: 'Esquecer o valor salvo aqui: o ambiente do servidor volta a fornecê-lo',
            resetDone: '%{field}: o valor do ambiente volta a valer',
            resetFailed: 'Erro ao voltar ao valor do ambiente',
        },
        smtp: {
            use: 'Enviar e-mails por um servidor SMTP',
            current: 'Servidor atual: %{address}',
            none: 'Sem servidor SMTP: os e-mails são gravados na pasta outbox do servidor.',
            address: 'Endereço do servidor SMTP',
            newAddress: 'Novo endereço do servidor SMTP',
            example: 'smtp:// ou smtps://, por exemplo smtps://usuario:senha@mail.example.com',
            keep: 'Deixe em branco para manter o servidor atual. A senha dele nunca é mostrada.',
            turnOff: 'Ao salvar, os e-mails serão gravados na pasta outbox em vez de serem enviados.',
            show: 'Mostrar o endereço',
            hide: 'Ocultar o endereço',
        },
        test: {
            title: 'Enviar uma mensagem de teste',
            intro: 'Envia uma mensagem com as configurações de e-mail salvas, para verificar se os e-mails da plataforma chegam.',
            unsaved: 'O teste usa as configurações salvas: salve suas alterações primeiro.',
            to: 'Enviar para',
            send: 'Enviar uma mensagem de teste',
            sentSmtp: 'Enviada pelo servidor SMTP para %{email}.',
            sentOutbox: 'Sem servidor SMTP: a mensagem para %{email} foi gravada na pasta outbox do servidor.',
            failed: 'A mensagem não foi enviada',
        },
        discard: 'Descartar alterações',
        changes: '%{smart_count} alteração não salva |||| %{smart_count} alterações não salvas',
        noChanges: 'Nenhuma alteração não salva',
        saved: 'Configurações salvas',
        saveFailed: 'Erro ao salvar as configurações',
        checkFields: 'Corrija os campos marcados em vermelho.',
        errors: {
            number: 'Informe um número',
            wholeNumber: 'Informe um número inteiro',
            range: 'De %{min} a %{max}',
            atLeast: 'No mínimo %{value}',
            atMost: 'No máximo %{value}',
            smtpRequired: 'Informe o endereço do servidor SMTP',
            publicUrl: 'Informe o endereço que os usuários abrem, por exemplo https://console.example.com',
            smtpUrl: 'Informe um endereço smtp:// ou smtps://, por exemplo smtps://usuario:senha@mail.example.com',
            mailFrom: 'Informe um remetente, por exemplo Console de acesso <no-reply@example.com>',
            offlineAfterHeartbeat: 'Um leitor deve ter direito a mais de um heartbeat antes de contar como offline',
        },
    },
};
export default ptBR;
