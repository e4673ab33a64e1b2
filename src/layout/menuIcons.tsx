import AccountTree from '@mui/icons-material/AccountTree';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import Backup from '@mui/icons-material/Backup';
import Badge from '@mui/icons-material/Badge';
import BarChart from '@mui/icons-material/BarChart';
import Block from '@mui/icons-material/Block';
import Business from '@mui/icons-material/Business';
import Contactless from '@mui/icons-material/Contactless';
import Dashboard from '@mui/icons-material/Dashboard';
import Devices from '@mui/icons-material/Devices';
import Face from '@mui/icons-material/Face';
import GroupWork from '@mui/icons-material/GroupWork';
import History from '@mui/icons-material/History';
import HowToReg from '@mui/icons-material/HowToReg';
import Lock from '@mui/icons-material/Lock';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import People from '@mui/icons-material/People';
import QrCode from '@mui/icons-material/QrCode';
import Security from '@mui/icons-material/Security';
import Settings from '@mui/icons-material/Settings';
import Schedule from '@mui/icons-material/Schedule';
import Storage from '@mui/icons-material/Storage';
import SystemUpdate from '@mui/icons-material/SystemUpdate';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Webhook from '@mui/icons-material/Webhook';
import type { SvgIconComponent } from '@mui/icons-material';
import { createElement, type ComponentType } from 'react';
import { installedPlugins } from '../plugins/installed';

/** Icons named by contract/menu.ts. */
const ICONS: Record<string, SvgIconComponent> = {
    accountTree: AccountTree,
    assignmentTurnedIn: AssignmentTurnedIn,
    backup: Backup,
    badge: Badge,
    barChart: BarChart,
    block: Block,
    business: Business,
    contactless: Contactless,
    dashboard: Dashboard,
    devices: Devices,
    face: Face,
    groupWork: GroupWork,
    history: History,
    howToReg: HowToReg,
    lock: Lock,
    people: People,
    qrCode: QrCode,
    schedule: Schedule,
    security: Security,
    notificationsActive: NotificationsActive,
    settings: Settings,
    storage: Storage,
    systemUpdate: SystemUpdate,
    verifiedUser: VerifiedUser,
    webhook: Webhook,
};

/** The icon of the plugin resource that opens a route: a feature's menu entry whose icon is not drawn here (contract/featureContract.ts). */
const pluginIcon = (routeKey: string | undefined): ComponentType | undefined =>
    routeKey
        ? installedPlugins()
              .flatMap(p => p.resources ?? [])
              .find(r => r.routeKey === routeKey && r.icon)?.icon
        : undefined;

export const MenuIcon = ({ name, routeKey }: { name: string; routeKey?: string }) => {
    const Icon = ICONS[name];
    if (Icon) return <Icon />;
    const own = pluginIcon(routeKey);
    return own ? createElement(own) : <Dashboard />;
};
