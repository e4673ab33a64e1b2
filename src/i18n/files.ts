import type { LocaleCode } from '../../contract/constants';
import type { Messages, MessageFiles } from '../plugins/types';

/** The texts of one language in a set of files; a file missing for a language is an error, not a silent English. */
export const textsIn = async (files: MessageFiles, locale: LocaleCode): Promise<Messages> => {
    const suffix = `.${locale}.ts`;
    const path = (Object.keys(files) as (keyof MessageFiles)[]).find(p => p.endsWith(suffix));
    if (!path) throw new Error(`No ${locale} texts among ${Object.keys(files).join(', ')}`);
    return ((await files[path]()) as { default: Messages }).default;
};
