import type { ConsolePlugin } from '../../plugins/types';
import { onDemand } from '../../plugins/onDemand';

const CardFormatsSection = onDemand(() => import('./CardFormatsSection').then(m => m.CardFormatsSection));

export const cardFormatsPlugin: ConsolePlugin = {
    key: 'card-formats',
    resources: [{ name: 'card_formats', right: 'cardFormats' }],
    accountSections: [
        { key: 'card-formats', label: 'resources.card_formats.section', right: ['cardFormats', 'read'], component: CardFormatsSection },
    ],
    messages: import.meta.glob('./messages.*.ts'),
};
