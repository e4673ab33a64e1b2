import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AccountSwitchProvider } from './accountSwitch';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { QuickViewProvider } from './quickView';
import { SessionGate } from './SessionGate';

export const AppLayout = ({ children }: { children: ReactNode }) => (
    <AccountSwitchProvider>
        <QuickViewProvider>
            <Layout menu={AppMenu} appBar={AppBar}>
                <SessionGate>{children}</SessionGate>
            </Layout>
        </QuickViewProvider>
    </AccountSwitchProvider>
);
