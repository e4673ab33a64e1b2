import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AccountSwitchProvider } from './accountSwitch';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { DiskLowNotice } from './DiskLowNotice';
import { QuickViewProvider } from '../components/quickView';
import { SessionGate } from './SessionGate';

export const AppLayout = ({ children }: { children: ReactNode }) => (
    <AccountSwitchProvider>
        <QuickViewProvider>
            <Layout menu={AppMenu} appBar={AppBar}>
                <SessionGate>
                    <DiskLowNotice />
                    {children}
                </SessionGate>
            </Layout>
        </QuickViewProvider>
    </AccountSwitchProvider>
);
