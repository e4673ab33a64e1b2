import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppMenu } from './AppMenu';
import { QuickViewProvider } from './quickView';

export const AppLayout = ({ children }: { children: ReactNode }) => (
    <QuickViewProvider>
        <Layout menu={AppMenu}>{children}</Layout>
    </QuickViewProvider>
);
