import type { ConsolePlugin } from '../../plugins/types';
import { onDemand } from '../../plugins/onDemand';
import en from './messages.en';

const CardFormatsSection = onDemand(() => import('./CardFormatsSection').then(m => m.CardFormatsSection));

export const cardFormatsPlugin: ConsolePlugin = {
    key: 'card-formats',
    resources: [{ name: 'card_formats', right: 'cardFormats' }],
    accountSections: [
        { key: 'card-formats', label: 'resources.card_formats.section', right: ['cardFormats', 'read'], component: CardFormatsSection },
    ],
    messages: { en, fr: () => import('./messages.fr') },
};
