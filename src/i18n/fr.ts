import frenchMessages from 'ra-language-french';
import { enabledPlugins } from '../plugins/enabled';
import type { Messages } from '../plugins/types';
import { appMessages } from './app';
import { mergeMessages } from './merge';

const fr: Messages = mergeMessages(frenchMessages as unknown as Messages, appMessages.fr, ...enabledPlugins.map(p => p.messages.fr));
export default fr;
