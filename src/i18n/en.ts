import englishMessages from 'ra-language-english';
import { enabledPlugins } from '../plugins/enabled';
import type { Messages } from '../plugins/types';
import { appMessages } from './app';
import { mergeMessages } from './merge';

const en: Messages = mergeMessages(englishMessages as unknown as Messages, appMessages.en, ...enabledPlugins.map(p => p.messages.en));
export default en;
