import frenchMessages from 'ra-language-french';
import { enabledPlugins } from '../plugins/enabled';
import type { Messages } from '../plugins/types';
import { appMessages } from './app';
import { layoutMessages } from '../layout/messages';
import { noticeMessages } from '../notifications/messages';
import { pageMessages } from '../pages/messages';
import { mergeMessages } from './merge';
import { validationMessages } from './validation';

const fr: Messages = mergeMessages(
    frenchMessages as unknown as Messages,
    appMessages.fr,
    layoutMessages.fr,
    pageMessages.fr,
    noticeMessages.fr,
    validationMessages.fr,
    ...enabledPlugins.map(p => p.messages.fr),
);
export default fr;
