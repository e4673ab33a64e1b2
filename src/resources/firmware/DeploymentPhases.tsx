import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { MAX_PHASES } from '../../../contract/firmware';
import type { PhaseDraft } from './deploymentDraft';

interface PhasesProps {
    phases: PhaseDraft[];
    onChange: (phases: PhaseDraft[]) => void;
    /** readers of each phase, as the plan spreads them */
    plan: number[];
    /** the error to show of a field (`phases`, `phases.0.share`...), once the user tried to send */
    shown: (key: string) => string | undefined;
}

/** The phases of a deployment: each a share of the readers and a start time, the last taking the rest. */
export const DeploymentPhases = ({ phases, onChange, plan, shown }: PhasesProps) => {
    const translate = useTranslate();
    const setPhase = (i: number, change: Partial<PhaseDraft>) => onChange(phases.map((p, j) => (j === i ? { ...p, ...change } : p)));
    const addPhase = () =>
        onChange([
            ...phases.slice(0, -1),
            { ...phases[phases.length - 1]!, share: phases.length === 1 ? '50' : '' },
            { share: '', start: '' },
        ]);
    return (
        <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {translate('resources.deployments.form.phases')}
            </Typography>
            {phases.map((phase, i) => (
                <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
                    <Typography sx={{ width: 72, pt: 1, flexShrink: 0, whiteSpace: 'nowrap' }}>
                        {translate('resources.deployments.form.phase', { number: i + 1 })}
                    </Typography>
                    {i === phases.length - 1 ? (
                        <TextField
                            label={translate('resources.deployments.form.share')}
                            value={translate(phases.length === 1 ? 'resources.deployments.form.all' : 'resources.deployments.form.rest')}
                            size="small"
                            disabled
                            sx={{ width: 130 }}
                        />
                    ) : (
                        <TextField
                            label={translate('resources.deployments.form.share')}
                            type="number"
                            value={phase.share}
                            onChange={e => setPhase(i, { share: e.target.value })}
                            error={!!shown(`phases.${i}.share`)}
                            helperText={shown(`phases.${i}.share`)}
                            size="small"
                            sx={{ width: 130 }}
                            slotProps={{ htmlInput: { min: 1, max: 99 } }}
                        />
                    )}
                    <TextField
                        label={translate('resources.deployments.form.startAt')}
                        type="datetime-local"
                        value={phase.start}
                        onChange={e => setPhase(i, { start: e.target.value })}
                        error={!!shown(`phases.${i}.start_at`)}
                        helperText={shown(`phases.${i}.start_at`) ?? translate('resources.deployments.form.immediately')}
                        size="small"
                        sx={{ flex: 1 }}
                        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
                    />
                    <Typography variant="body2" sx={{ width: 80, pt: 1, flexShrink: 0 }} data-testid={`phase-${i + 1}-plan`}>
                        {translate('resources.deployments.form.plan', { smart_count: plan[i] ?? 0 })}
                    </Typography>
                    <IconButton
                        aria-label={translate('resources.deployments.form.removePhase')}
                        disabled={phases.length === 1}
                        onClick={() => onChange(phases.filter((_, j) => j !== i))}
                    >
                        <Delete />
                    </IconButton>
                </Stack>
            ))}
            {shown('phases') && (
                <Typography variant="caption" color="error" role="alert">
                    {shown('phases')}
                </Typography>
            )}
            <Box>
                <Button startIcon={<Add />} disabled={phases.length >= MAX_PHASES} onClick={addPhase}>
                    {translate('resources.deployments.form.addPhase')}
                </Button>
            </Box>
        </Box>
    );
};
