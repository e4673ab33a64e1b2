import { Chip, IconButton, Stack, Tooltip } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Block from '@mui/icons-material/Block';
import Send from '@mui/icons-material/Send';
import PersonAdd from '@mui/icons-material/PersonAdd';
import UploadFile from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Datagrid, FunctionField, Link, SearchInput, SelectInput, TopToolbar, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ENROLLMENT_STATUSES, type EnrollmentRecord, type EnrollmentStatus } from '../../../contract/enrollments';
import { can } from '../../../contract/rights';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { accountColumn, accountScopeFilter, ALL_ACCOUNTS, useAccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ListEmpty } from '../../lists/ListEmpty';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';

const COLORS: Partial<Record<EnrollmentStatus, 'success' | 'info' | 'warning' | 'error' | 'default'>> = {
    completed: 'success',
    opened: 'info',
    consented: 'info',
    expired: 'warning',
    revoked: 'default',
    failed: 'error',
    locked: 'error',
};

const OPEN: EnrollmentStatus[] = ['sent', 'opened', 'consented'];

/** Made but not yet taken by the mail server: not tried yet, or waiting for its next try after a temporary failure. */
const waitingToBeSent = (r: EnrollmentRecord) => (r.status === 'sent' || r.status === 'consented') && !r.sent_at;

/** Resend, revoke, copy link: each where the invitation's state allows it. */
const RowActions = ({ invite }: { invite: EnrollmentRecord }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const queryClient = useQueryClient();
    const t = (key: string) => translate(`resources.web_enrollments.${key}`);
    const act = async (path: string, done: string) => {
        try {
            await dataProvider.call(`/web-enrollments/${invite.id}/${path}`, { method: 'POST', body: { account_id: invite.account_id } });
            notices.success(t(done));
            await queryClient.invalidateQueries({ queryKey: ['web-enrollments'] });
        } catch (e) {
            notices.failed(`resources.web_enrollments.${path}`, e);
        }
    };
    const copy = async () => {
        try {
            const { link } = await dataProvider.call<{ link: string }>(`/web-enrollments/${invite.id}/link`, {
                query: { account_id: invite.account_id },
            });
            await navigator.clipboard.writeText(link);
            notices.success(t('copied'));
        } catch (e) {
            notices.failed('resources.web_enrollments.copy', e);
        }
    };
    const open = OPEN.includes(invite.status);
    return (
        <Stack direction="row" onClick={e => e.stopPropagation()}>
            {(open || invite.status === 'expired' || invite.status === 'failed' || invite.status === 'locked') && (
                <Tooltip title={t('resend')}>
                    <IconButton aria-label={t('resend')} size="small" onClick={() => void act('resend', 'resent')}>
                        <Send fontSize="small" />
                    </IconButton>
                </Tooltip>
            )}
            {open && (
                <Tooltip title={t('copy')}>
                    <IconButton aria-label={t('copy')} size="small" onClick={() => void copy()}>
                        <ContentCopy fontSize="small" />
                    </IconButton>
                </Tooltip>
            )}
            {open && (
                <Tooltip title={t('revoke')}>
                    <IconButton aria-label={t('revoke')} size="small" onClick={() => void act('revoke', 'revoked')}>
                        <Block fontSize="small" />
                    </IconButton>
                </Tooltip>
            )}
        </Stack>
    );
};

const SORT = { field: 'created_at', order: 'DESC' } as const;

/**
 * /web-enrollments: every invitation with its person, badge, status and times (docs/decisions.md "Web enrollment"), in the list's account
 * scope. Invitations are made in the current account (the create pages have no account of their own): an empty list
 * narrowed to another account offers no button that would make them elsewhere.
 */
export const WebEnrollmentList = () => {
    const translate = useTranslate();
    const session = useSession();
    const navigate = useNavigate();
    const scope = useAccountScope(SORT);
    if (!session) return null;
    const mayWrite = can(session.role, 'profiles', 'write');
    const showsCurrent =
        scope.accountId === undefined || scope.accountId === ALL_ACCOUNTS || Number(scope.accountId) === session.currentAccountId;
    return (
        <AppList
            resource="web-enrollments"
            sort={SORT}
            title={translate('resources.web_enrollments.name')}
            filters={[
                <SearchInput key="q" source="q" alwaysOn />,
                <SelectInput
                    key="status"
                    source="status"
                    choices={ENROLLMENT_STATUSES.map(s => ({ id: s, name: `resources.web_enrollments.statuses.${s}` }))}
                    alwaysOn
                />,
                ...accountScopeFilter(scope),
            ]}
            filterDefaultValues={scope.defaults}
            permanentFilter={scope.permanentFilter}
            empty={false}
            actions={
                <TopToolbar>
                    {mayWrite && (
                        <Button label="resources.web_enrollments.invite" onClick={() => navigate('/web-enrollments-create/invites')}>
                            <PersonAdd />
                        </Button>
                    )}
                    {mayWrite && (
                        <Button label="resources.web_enrollments.upload.title" onClick={() => navigate('/web-enrollments-create/csv')}>
                            <UploadFile />
                        </Button>
                    )}
                </TopToolbar>
            }
        >
            <Datagrid
                bulkActionButtons={false}
                rowClick={false}
                size="small"
                // a date and its time on one line: the names and addresses wrap instead
                sx={{ '& td.column-sent_at, & td.column-completed_at, & td.column-expires_at': { whiteSpace: 'nowrap' } }}
                empty={
                    <ListEmpty text="resources.web_enrollments.empty">
                        {mayWrite && showsCurrent && (
                            <Button
                                component={RouterLink}
                                variant="outlined"
                                label="resources.web_enrollments.upload.title"
                                to="/web-enrollments-create/csv"
                            >
                                <UploadFile />
                            </Button>
                        )}
                        {mayWrite && showsCurrent && (
                            <Button
                                component={RouterLink}
                                variant="outlined"
                                label="resources.web_enrollments.invite"
                                to="/web-enrollments-create/invites"
                            >
                                <PersonAdd />
                            </Button>
                        )}
                    </ListEmpty>
                }
            >
                <FunctionField source="name" label="resources.web_enrollments.fields.name" render={(r: EnrollmentRecord) => r.name} />
                {scope.spansAccounts && accountColumn()}
                <FunctionField source="email" label="resources.web_enrollments.fields.email" render={(r: EnrollmentRecord) => r.email} />
                <FunctionField
                    source="status"
                    sortable={false}
                    label="resources.web_enrollments.fields.status"
                    render={(r: EnrollmentRecord) =>
                        waitingToBeSent(r) ? (
                            <Tooltip
                                title={
                                    r.send_tries
                                        ? translate('resources.web_enrollments.waitingRetry', {
                                              smart_count: r.send_tries,
                                              next: formatDate(r.send_next_at),
                                              error: r.send_error ?? '',
                                          })
                                        : ''
                                }
                            >
                                <Chip
                                    size="small"
                                    color="warning"
                                    variant="outlined"
                                    label={translate('resources.web_enrollments.waiting')}
                                />
                            </Tooltip>
                        ) : (
                            <Tooltip title={r.failure ?? (r.status === 'locked' ? translate('resources.web_enrollments.lockedHelp') : '')}>
                                <Chip
                                    size="small"
                                    color={COLORS[r.status] ?? 'default'}
                                    label={translate(`resources.web_enrollments.statuses.${r.status}`)}
                                />
                            </Tooltip>
                        )
                    }
                />
                <FunctionField
                    source="badge"
                    sortable={false}
                    label="resources.web_enrollments.fields.badge"
                    render={(r: EnrollmentRecord) =>
                        r.badge ? `${r.badge.facility_code === null ? '' : `${r.badge.facility_code}:`}${r.badge.badge_number}` : '-'
                    }
                />
                <FunctionField
                    source="sent_at"
                    label="resources.web_enrollments.fields.sent_at"
                    render={(r: EnrollmentRecord) => formatDate(r.sent_at)}
                />
                <FunctionField
                    source="completed_at"
                    label="resources.web_enrollments.fields.completed_at"
                    render={(r: EnrollmentRecord) =>
                        r.profile_id ? (
                            <Link to={`/profiles/${r.profile_id}`}>{formatDate(r.completed_at)}</Link>
                        ) : (
                            formatDate(r.completed_at)
                        )
                    }
                />
                <FunctionField
                    source="expires_at"
                    label="resources.web_enrollments.fields.expires_at"
                    render={(r: EnrollmentRecord) => formatDate(r.expires_at)}
                />
                {mayWrite && <FunctionField label="" sortable={false} render={(r: EnrollmentRecord) => <RowActions invite={r} />} />}
            </Datagrid>
        </AppList>
    );
};
