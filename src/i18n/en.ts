import englishMessages from 'ra-language-english';
import { installedPlugins } from '../plugins/installed';
import type { Messages } from '../plugins/types';
import app from './app.en';
import layout from './layout.en';
import notices from './notifications.en';
import pages from './pages.en';
import { mergeMessages } from './merge';
import { textsIn } from './files';
import validation from './validation.en';

/** English texts of the kernel (sign-in, layout, notices): the first download has these and no feature's. */
export const coreEnglish: Messages = mergeMessages(englishMessages as unknown as Messages, app, layout, pages, notices, validation);

/** Every English text, the kernel's and each feature's. */
export const loadEnglish = async (): Promise<Messages> =>
    mergeMessages(coreEnglish, ...(await Promise.all(installedPlugins().map(p => textsIn(p.messages, 'en')))));
