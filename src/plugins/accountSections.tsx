import { createContext, useContext } from 'react';
import type { AccountSection } from './types';

/**
 * The sections features add to the account page (card formats, firmware
 * keys…), given by the app from the enabled plugins: the accounts feature,
 * itself a plugin, reads them here rather than importing the plugin list.
 */
export const AccountSectionsContext = createContext<AccountSection[]>([]);

export const useAccountSections = () => useContext(AccountSectionsContext);
