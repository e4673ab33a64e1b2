import { useEffect } from 'react';
import { Authenticated } from 'react-admin';
import { API_DOCS_PATH } from '../../contract/constants';

const Go = ({ to }: { to: (url: string) => void }) => {
    useEffect(() => to(API_DOCS_PATH), [to]);
    return null;
};

const assign = (url: string) => window.location.assign(url);

/** /docs, behind sign-in like every route of SPEC 2.2: sets the browser location to the API documentation. */
export const ApiDocsPage = ({ to = assign }: { to?: (url: string) => void }) => (
    <Authenticated>
        <Go to={to} />
    </Authenticated>
);
