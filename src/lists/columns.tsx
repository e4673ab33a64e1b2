import { SelectColumnsButton } from 'react-admin';

/**
 * The store key of a list's chosen columns (react-admin's DatagridConfigurable keeps them as positions of its
 * children): a list that gains its Account column on "All my accounts" has another set of columns, so another key,
 * and a choice made on one set never shows the wrong columns on the other (docs/decisions.md "Lists kept per user").
 */
export const columnsKey = (list: string, spansAccounts = false) => (spansAccounts ? `${list}.accounts` : list);

/** The list actions' column chooser for the list whose columns are kept under `preferenceKey`. */
export const ColumnsButton = ({ preferenceKey }: { preferenceKey: string }) => <SelectColumnsButton preferenceKey={preferenceKey} />;
