import englishMessages from 'ra-language-english';
import { enabledPlugins } from '../plugins/enabled';
import type { Messages } from '../plugins/types';
import app from './app.en';
import layout from '../layout/messages.en';
import notices from '../notifications/messages.en';
import pages from '../pages/messages.en';
import { mergeMessages } from './merge';
import validation from './validation.en';

/** English: the first language, in the first download. */
const en: Messages = mergeMessages(
    englishMessages as unknown as Messages,
    app,
    layout,
    pages,
    notices,
    validation,
    ...enabledPlugins.map(p => p.messages.en),
);
export default en;
