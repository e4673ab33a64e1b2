import { FILE_ID_MARK, fileIdOf } from '../../../contract/importExport';

/**
 * What POST /import_export/import answered, split: the file id between the
 * *|* marks, and the text around it for people to read (an import's summary).
 */
export const readReply = (reply: unknown): { fileId?: string; text: string } => {
    const text = typeof reply === 'string' ? reply : '';
    const fileId = fileIdOf(text);
    if (fileId === undefined) return { text: text.trim() };
    return {
        fileId,
        text: text.replace(`${FILE_ID_MARK}${fileId}${FILE_ID_MARK}`, '').trim().replace(/:$/, ''),
    };
};
