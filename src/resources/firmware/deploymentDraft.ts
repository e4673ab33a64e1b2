/** What the Deployment form holds before it is sent (SPEC 2.6, 5); deploymentInput checks it. */
export interface PhaseDraft {
    share: string;
    /** datetime-local value, '' for at once */
    start: string;
}

export interface ReaderFilter {
    q: string;
    status: '' | 'online' | 'offline';
    board_type: string;
    release: string;
}

export interface DeploymentDraft {
    name: string;
    artifactId: number | '';
    mode: 'pick' | 'filter';
    selected: Set<number>;
    filter: ReaderFilter;
    phases: PhaseDraft[];
    retries: string;
}

export const EMPTY_FILTER: ReaderFilter = { q: '', status: '', board_type: '', release: '' };

export const definedOnly = (f: ReaderFilter) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '')) as Partial<ReaderFilter>;

/** The body of POST /deployments: the readers chosen one by one or by filter; the last phase takes the rest. */
export const toBody = (d: DeploymentDraft) => ({
    name: d.name,
    artifact_id: d.artifactId === '' ? undefined : d.artifactId,
    ...(d.mode === 'pick' ? { device_ids: [...d.selected] } : { filter: definedOnly(d.filter) }),
    phases: d.phases.map((p, i) => ({
        ...(i < d.phases.length - 1 ? { share: p.share === '' ? null : Number(p.share) } : {}),
        ...(p.start ? { start_at: new Date(p.start).toISOString() } : {}),
    })),
    retries: d.retries === '' ? 0 : Number(d.retries),
});
