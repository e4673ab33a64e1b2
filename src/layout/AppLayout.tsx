import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AccountSwitchProvider } from './accountSwitch';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { DiskLowNotice } from './DiskLowNotice';
import { QuickViewProvider } from '../components/quickView';
import { SessionGate } from './SessionGate';
import { KeyboardShortcuts } from './shortcuts';
import { useMenuFoldsOnNarrowScreens } from './useMenuFoldsOnNarrowScreens';

/** Inside react-admin's layout, where the sidebar's state lives. */
const MenuFolding = () => {
    useMenuFoldsOnNarrowScreens();
    return null;
};

export const AppLayout = ({ children }: { children: ReactNode }) => (
    <AccountSwitchProvider>
        <QuickViewProvider>
            <KeyboardShortcuts>
                <Layout menu={AppMenu} appBar={AppBar}>
                    <MenuFolding />
                    <SessionGate>
                        <DiskLowNotice />
                        {children}
                    </SessionGate>
                </Layout>
            </KeyboardShortcuts>
        </QuickViewProvider>
    </AccountSwitchProvider>
);
