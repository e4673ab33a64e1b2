import { createElement, type ComponentType } from 'react';
import Business from '@mui/icons-material/Business';
import Devices from '@mui/icons-material/Devices';
import Face from '@mui/icons-material/Face';
import Lock from '@mui/icons-material/Lock';
import Settings from '@mui/icons-material/Settings';
import TopicIcon from '@mui/icons-material/Topic';
import { installedPlugins } from '../plugins/installed';

/** The icons of the menu's groups (contract/menu.ts); each entry's icon is its feature's (ConsolePlugin.menuIcons). */
const GROUP_ICONS: Record<string, ComponentType> = { business: Business, lock: Lock, devices: Devices, face: Face, settings: Settings };

let byKey: { of: readonly unknown[]; icons: Map<string, ComponentType> } | undefined;
/** The icon a feature brings for its entry: its menuIcons, else the icon of its resource that opens the entry's route. */
const entryIcon = (key: string) => {
    const plugins = installedPlugins();
    if (byKey?.of !== plugins)
        byKey = {
            of: plugins,
            icons: new Map([
                ...plugins.flatMap(p => (p.resources ?? []).filter(r => r.routeKey && r.icon).map(r => [r.routeKey!, r.icon!] as const)),
                ...plugins.flatMap(p => Object.entries(p.menuIcons ?? {}) as [string, ComponentType][]),
            ]),
        };
    return byKey.icons.get(key);
};

/** An entry's icon by its key, a group's by its icon name; a plain folder when neither is known. */
export const MenuIcon = ({ entry, group }: { entry?: string; group?: string }) =>
    createElement((entry && entryIcon(entry)) || (group && GROUP_ICONS[group]) || TopicIcon);
