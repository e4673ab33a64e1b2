import type { LocaleCode } from '../../contract/constants';
import { installedPlugins } from '../plugins/installed';
import type { Messages, MessageFiles } from '../plugins/types';
import { textsIn } from './files';
import { mergeMessages } from './merge';

// A language is its files: the kernel's here (app, layout, pages, notifications, validation, and ra: react-admin's
// own texts), and messages.<code>.ts beside each feature's code. Adding a language adds files, no code.
const kernel: MessageFiles[] = [
    import.meta.glob(['./ra.*.ts', '!./ra.en.ts']),
    import.meta.glob(['./app.*.ts', '!./app.en.ts']),
    import.meta.glob(['./layout.*.ts', '!./layout.en.ts']),
    import.meta.glob(['./pages.*.ts', '!./pages.en.ts']),
    import.meta.glob(['./notifications.*.ts', '!./notifications.en.ts']),
    import.meta.glob(['./validation.*.ts', '!./validation.en.ts']),
];

/** Every text of a language other than English (English is bundled: src/i18n/en.ts), loaded whole when chosen. */
export const loadLocale = async (locale: Exclude<LocaleCode, 'en'>): Promise<Messages> =>
    mergeMessages(...(await Promise.all([...kernel, ...installedPlugins().map(p => p.messages)].map(files => textsIn(files, locale)))));
