import { useLocation } from 'react-router-dom';

/** Shows where the router is, so a test can assert on navigation as text. */
export const Location = () => {
    const { pathname, search } = useLocation();
    return <div data-testid="location">{`${pathname}${search}`}</div>;
};

/** The accounts a dealer may switch to, sorted by name by the server except the own one (Contoso), which comes last here. */
export const ACCOUNTS = [
    { id: 12, name: 'Fabrikam Labs', ref_number: 'F-12', type: 'customer', parent_id: 2, main: false },
    { id: 2, name: 'Northwind Security', ref_number: 'N-2', type: 'dealer', parent_id: 1, main: false },
    { id: 10, name: 'Contoso Offices', ref_number: 'C-10', type: 'customer', parent_id: 2, main: false },
];
