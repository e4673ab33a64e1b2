import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { artifactFileProblem, FIRMWARE_MESSAGES, type ArtifactRecord } from '../../../contract/firmware';
import { formatFileSize } from '../../i18n/format';
import { useNotices } from '../../notifications/notices';
import { UploadCancelled, uploadArtifact, type ArtifactUpload } from './uploadArtifact';

/** The SPEC 5 texts of contract/firmware.ts, as i18n keys. */
const PROBLEM_KEYS: Record<string, string> = {
    [FIRMWARE_MESSAGES.fileRequired]: 'resources.artifacts.errors.fileRequired',
    [FIRMWARE_MESSAGES.noFileName]: 'resources.artifacts.errors.noFileName',
    [FIRMWARE_MESSAGES.wrongExtension]: 'resources.artifacts.errors.wrongExtension',
};

type Stage = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'checking' };

/**
 * The Firmware form of the quick-view drawer (SPEC 2.6): a .mender file
 * (SPEC 5: required, named, ending in .mender), sent with progress and a
 * cancel button; the server's reason is shown when it refuses the file.
 */
export const UploadForm = ({ onDone }: { onDone: (artifact: ArtifactRecord) => void }) => {
    const translate = useTranslate();
    const notices = useNotices();
    const [file, setFile] = useState<File | null>(null);
    const [description, setDescription] = useState('');
    const [tried, setTried] = useState(false);
    const [stage, setStage] = useState<Stage>({ kind: 'idle' });
    const [refusal, setRefusal] = useState<string>();
    const upload = useRef<ArtifactUpload | undefined>(undefined);
    // Closing the drawer mid-way cancels the upload.
    useEffect(() => () => upload.current?.cancel(), []);

    const problem = artifactFileProblem(file ? file.name : undefined);
    const shownProblem = tried && problem ? translate(PROBLEM_KEYS[problem] ?? problem, { _: problem }) : undefined;

    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setTried(true);
        setRefusal(undefined);
        if (problem || !file) return;
        setStage({ kind: 'uploading', percent: 0 });
        upload.current = uploadArtifact(file, {
            description: description.trim() || undefined,
            onProgress: p =>
                setStage(
                    p.loaded >= p.total
                        ? { kind: 'checking' }
                        : { kind: 'uploading', percent: Math.floor((100 * p.loaded) / Math.max(1, p.total)) },
                ),
        });
        try {
            const artifact = await upload.current.done;
            notices.created(artifact.id);
            onDone(artifact);
        } catch (error) {
            setStage({ kind: 'idle' });
            if (error instanceof UploadCancelled) {
                notices.success(translate('resources.artifacts.form.cancelled'));
                return;
            }
            const text = (error as { body?: { error?: string } }).body?.error;
            if (text) setRefusal(text);
            notices.createFailed('artifacts', error);
        } finally {
            upload.current = undefined;
        }
    };

    const busy = stage.kind !== 'idle';
    return (
        <Box component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'grid', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
                {translate('resources.artifacts.form.help')}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy}>
                    {translate('resources.artifacts.form.choose')}
                    <input
                        hidden
                        type="file"
                        accept=".mender"
                        aria-label={translate('resources.artifacts.form.file')}
                        onChange={e => {
                            setFile(e.target.files?.[0] ?? null);
                            setRefusal(undefined);
                        }}
                    />
                </Button>
                <Typography data-testid="chosen-file" color={shownProblem ? 'error' : undefined}>
                    {file ? `${file.name} (${formatFileSize(file.size)})` : translate('resources.artifacts.form.file')}
                </Typography>
            </Stack>
            {shownProblem && (
                <Typography role="alert" variant="caption" color="error">
                    {shownProblem}
                </Typography>
            )}
            <TextField
                label={translate('resources.artifacts.form.description')}
                value={description}
                onChange={e => setDescription(e.target.value)}
                size="small"
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            {stage.kind === 'uploading' && (
                <Box>
                    <LinearProgress
                        variant="determinate"
                        value={stage.percent}
                        aria-label={translate('resources.artifacts.form.uploading', { percent: stage.percent })}
                    />
                    <Typography variant="caption">{translate('resources.artifacts.form.uploading', { percent: stage.percent })}</Typography>
                </Box>
            )}
            {stage.kind === 'checking' && (
                <Box>
                    <LinearProgress aria-label={translate('resources.artifacts.form.checking')} />
                    <Typography variant="caption">{translate('resources.artifacts.form.checking')}</Typography>
                </Box>
            )}
            {refusal && <Alert severity="error">{refusal}</Alert>}
            <Stack direction="row" spacing={2}>
                <Button type="submit" variant="contained" disabled={busy}>
                    {translate('resources.artifacts.form.submit')}
                </Button>
                {busy && (
                    <Button color="warning" onClick={() => upload.current?.cancel()}>
                        {translate('resources.artifacts.form.cancel')}
                    </Button>
                )}
            </Stack>
        </Box>
    );
};
