import type { RaRecord, TranslateFunction } from 'react-admin';

/** What a delete confirmation calls a row: its name, else its description, else its id. */
export const recordName = (record: RaRecord) => {
    const { name, description } = record as { name?: unknown; description?: unknown };
    if (typeof name === 'string' && name) return name;
    if (typeof description === 'string' && description) return description;
    return `#${record.id}`;
};

/**
 * "Delete the user 'Erin'?": each resource's `deleteTitle` (its noun with the article its language wants, in its
 * messages files), else the kernel's "Delete 'Erin'?" (app.confirmDelete.title).
 */
export const deleteTitle = (translate: TranslateFunction, resource: string, name: string) =>
    translate(`resources.${resource}.deleteTitle`, { name, _: translate('app.confirmDelete.title', { name }) });
