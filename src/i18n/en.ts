import englishMessages from 'ra-language-english';
import { enabledPlugins } from '../plugins/enabled';
import type { Messages } from '../plugins/types';
import { appMessages } from './app';
import { layoutMessages } from '../layout/messages';
import { noticeMessages } from '../notifications/messages';
import { pageMessages } from '../pages/messages';
import { mergeMessages } from './merge';
import { validationMessages } from './validation';

const en: Messages = mergeMessages(
    englishMessages as unknown as Messages,
    appMessages.en,
    layoutMessages.en,
    pageMessages.en,
    noticeMessages.en,
    validationMessages.en,
    ...enabledPlugins.map(p => p.messages.en),
);
export default en;
