import frenchMessages from 'ra-language-french';
import { enabledPlugins } from '../plugins/enabled';
import type { Messages } from '../plugins/types';
import app from './app.fr';
import layout from '../layout/messages.fr';
import notices from '../notifications/messages.fr';
import pages from '../pages/messages.fr';
import { mergeMessages } from './merge';
import validation from './validation.fr';

/** French, loaded when chosen (src/i18n/index.ts): the kernel's texts with this chunk, each feature's in its own. */
export const loadFrench = async (): Promise<Messages> =>
    mergeMessages(
        frenchMessages as unknown as Messages,
        app,
        layout,
        pages,
        notices,
        validation,
        ...(await Promise.all(enabledPlugins.map(p => p.messages.fr()))).map(m => m.default),
    );
