import { createElement, type ComponentType } from 'react';
import Business from '@mui/icons-material/Business';
import Devices from '@mui/icons-material/Devices';
import Face from '@mui/icons-material/Face';
import Lock from '@mui/icons-material/Lock';
import Settings from '@mui/icons-material/Settings';
import TopicIcon from '@mui/icons-material/Topic';
import { menuIconOf } from '../plugins/installed';

/** The icons of the menu's groups (contract/menu.ts); each entry's icon is its feature's (ConsolePlugin.menuIcons). */
const GROUP_ICONS: Record<string, ComponentType> = { business: Business, lock: Lock, devices: Devices, face: Face, settings: Settings };

/** An entry's icon by its key, a group's by its icon name; a plain folder when neither is known. */
export const MenuIcon = ({ entry, group }: { entry?: string; group?: string }) =>
    createElement((entry && menuIconOf(entry)) || (group && GROUP_ICONS[group]) || TopicIcon);
