import type { ConsolePlugin } from '../../plugins/types';
import { CardFormatsSection } from './CardFormatsSection';
import { cardFormatMessages } from './messages';

export const cardFormatsPlugin: ConsolePlugin = {
    key: 'card-formats',
    resources: [{ name: 'card_formats', right: 'cardFormats' }],
    accountSections: [{ key: 'card-formats', label: 'resources.card_formats.section', right: ['cardFormats', 'read'], component: CardFormatsSection }],
    messages: cardFormatMessages,
};
