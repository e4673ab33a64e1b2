import { createContext, useContext, type ComponentType } from 'react';
import type { AccountSection } from './types';

/** What features add to screens the kernel or another feature owns. */
export interface PluginSlots {
    /** sections of the account page (card formats, firmware keys…) */
    accountSections: AccountSection[];
    /** items of the app bar, before the current account (the search box) */
    appBar: ComponentType[];
}

/**
 * Given by the app from the enabled plugins: the accounts feature and the
 * layout read them here rather than importing the plugin list.
 */
export const PluginSlotsContext = createContext<PluginSlots>({ accountSections: [], appBar: [] });

export const useAccountSections = () => useContext(PluginSlotsContext).accountSections;
export const useAppBarItems = () => useContext(PluginSlotsContext).appBar;
