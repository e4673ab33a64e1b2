import Block from '@mui/icons-material/Block';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import Badge from '@mui/icons-material/Badge';
import { createElement, type ComponentType } from 'react';
import { ResourceContextProvider } from 'react-admin';
import Face from '@mui/icons-material/Face';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const ProfileList = onDemand(() => import('./ProfileList').then(m => m.ProfileList));
const ProfilePage = onDemand(() => import('./ProfilePage').then(m => m.ProfilePage));
const OptOutList = onDemand(() => import('./OptOutList').then(m => m.OptOutList));
const AdaptiveList = onDemand(() => import('./AdaptiveList').then(m => m.AdaptiveList));
const ConsentedList = onDemand(() => import('./ConsentedList').then(m => m.ConsentedList));
const VisitorsPage = onDemand(() => import('./VisitorsPage').then(m => m.VisitorsPage));
const ProfilePolicySection = onDemand(() => import('./ProfilePolicySection').then(m => m.ProfilePolicySection));

const inResource = (resource: string, component: ComponentType) =>
    createElement(ResourceContextProvider, { value: resource, children: createElement(component) });

/**
 * The Profiles group (SPEC 2.2, 2.3): Profiles and Profile, Bio opt-out,
 * Adaptive, Consented and Visitors, and the account settings section of the
 * profile expiration and enrollment image policies with the exclusion list.
 */
export const profilesPlugin: ConsolePlugin = {
    key: 'profiles',
    resources: [
        { name: 'profiles', right: 'profiles', routeKey: 'profiles', list: ProfileList, icon: Face, recordRepresentation: 'acs_id' },
    ],
    routes: [
        { path: '/profiles/:id', element: inResource('profiles', ProfilePage), routeKey: 'profiles' },
        { path: '/opt_out', element: inResource('opt_out', OptOutList), routeKey: 'optOut' },
        { path: '/adaptive', element: inResource('cards/adaptive', AdaptiveList), routeKey: 'adaptive' },
        { path: '/consented', element: inResource('profiles', ConsentedList), routeKey: 'consented' },
        { path: '/visitors', element: inResource('cards/visitors', VisitorsPage), routeKey: 'visitors' },
    ],
    accountSections: [
        { key: 'profile-policy', label: 'resources.profile_policy.section', right: ['accounts', 'read'], component: ProfilePolicySection },
    ],
    menuIcons: { profiles: Face, optOut: Block, adaptive: VerifiedUser, consented: AssignmentTurnedIn, visitors: Badge },
    messages: import.meta.glob('./messages.*.ts'),
};
