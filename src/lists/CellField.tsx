import type { ReactNode } from 'react';
import { useRecordContext, type RaRecord } from 'react-admin';

/**
 * A list cell's content as `render` gives it, straight in the table cell. react-admin's FunctionField and TextField wrap
 * every value in a Typography, the cell's own font again, which is three components and a style worked out each, for
 * every cell of every row: on a list of twenty readers, some 500 of the first render's components (docs/performance.md
 * "Console first load"). The props Datagrid reads for its header (source, label, sortable, sortBy) are FunctionField's.
 */
export const CellField = <RecordType extends RaRecord = RaRecord>({
    render,
}: {
    source: string;
    label?: string;
    sortable?: boolean;
    sortBy?: string;
    render: (record: RecordType) => ReactNode;
}) => {
    const record = useRecordContext<RecordType>();
    return record ? <>{render(record)}</> : null;
};
