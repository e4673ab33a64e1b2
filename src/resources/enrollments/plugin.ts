import { createElement, type ComponentType } from 'react';
import { ResourceContextProvider } from 'react-admin';
import HowToReg from '@mui/icons-material/HowToReg';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const WebEnrollmentList = onDemand(() => import('./WebEnrollmentList').then(m => m.WebEnrollmentList));
const CreateInvites = onDemand(() => import('./CreateInvites').then(m => m.CreateInvites));
const UploadInvites = onDemand(() => import('./UploadInvites').then(m => m.UploadInvites));
const EnrollPage = onDemand(() => import('./EnrollPage').then(m => m.EnrollPage));
const EnrollmentSettingsSection = onDemand(() => import('./EnrollmentSettingsSection').then(m => m.EnrollmentSettingsSection));

const inResource = (resource: string, component: ComponentType) =>
    createElement(ResourceContextProvider, { value: resource, children: createElement(component) });

/**
 * Web enrollment (SPEC 2.2 /web-enrollments, /web-enrollments-create/…,
 * 3 web enrollment settings; docs/decisions.md "Web enrollment"): the invitations, the form that
 * sends them, the account section, and the public page a link opens.
 */
export const enrollmentsPlugin: ConsolePlugin = {
    key: 'web-enrollments',
    resources: [{ name: 'web-enrollments', right: 'profiles', routeKey: 'webEnrollments', list: WebEnrollmentList, icon: HowToReg }],
    routes: [
        { path: '/web-enrollments-create/invites', element: inResource('web-enrollments', CreateInvites), routeKey: 'webEnrollments' },
        { path: '/web-enrollments-create/csv', element: inResource('web-enrollments', UploadInvites), routeKey: 'webEnrollments' },
    ],
    publicRoutes: [{ path: '/enroll/:token', element: createElement(EnrollPage) }],
    accountSections: [
        {
            key: 'web-enrollment',
            label: 'resources.web_enrollments.settings.section',
            right: ['accounts', 'read'],
            component: EnrollmentSettingsSection,
        },
    ],
    menuIcons: { webEnrollments: HowToReg },
    messages: import.meta.glob('./messages.*.ts'),
};
