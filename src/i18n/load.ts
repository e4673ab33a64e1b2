import type { LocaleCode } from '../../contract/constants';
import { enabledPlugins } from '../plugins/enabled';
import type { Messages, MessageFiles } from '../plugins/types';
import { mergeMessages } from './merge';

// A language is its files: app.<code>.ts, validation.<code>.ts, ra.<code>.ts (react-admin's own texts) here,
// messages.<code>.ts beside the kernel's and each feature's code. Adding a language adds files, no code.
const kernel: MessageFiles[] = [
    import.meta.glob(['./ra.*.ts', '!./ra.en.ts']),
    import.meta.glob(['./app.*.ts', '!./app.en.ts']),
    import.meta.glob('../layout/messages.*.ts'),
    import.meta.glob('../pages/messages.*.ts'),
    import.meta.glob('../notifications/messages.*.ts'),
    import.meta.glob(['./validation.*.ts', '!./validation.en.ts']),
];

/** The texts of one language in a set of files; a file missing for a language is an error, not a silent English. */
export const textsIn = async (files: MessageFiles, locale: LocaleCode): Promise<Messages> => {
    const suffix = `.${locale}.ts`;
    const path = Object.keys(files).find(p => p.endsWith(suffix));
    if (!path) throw new Error(`No ${locale} texts among ${Object.keys(files).join(', ')}`);
    return ((await files[path]()) as { default: Messages }).default;
};

/** Every text of a language other than English (English is bundled: src/i18n/en.ts), loaded whole when chosen. */
export const loadLocale = async (locale: Exclude<LocaleCode, 'en'>): Promise<Messages> =>
    mergeMessages(...(await Promise.all([...kernel, ...enabledPlugins.map(p => p.messages)].map(files => textsIn(files, locale)))));
