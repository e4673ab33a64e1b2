/** Sort as +field or -field (SPEC 2.5). */
export const parseSort = (sort: string | undefined): { field: string; order: 'ASC' | 'DESC' } | undefined => {
    if (!sort) return undefined;
    const order = sort.startsWith('-') ? 'DESC' : 'ASC';
    const field = sort.replace(/^[+-]/, '').trim();
    return field ? { field, order } : undefined;
};
export const formatSort = (field: string, order: 'ASC' | 'DESC'): string => `${order === 'DESC' ? '-' : '+'}${field}`;
