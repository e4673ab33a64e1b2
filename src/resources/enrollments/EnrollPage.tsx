import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import CameraAlt from '@mui/icons-material/CameraAlt';
import CheckCircle from '@mui/icons-material/CheckCircle';
import UploadFile from '@mui/icons-material/UploadFile';
import { useLocaleState, useTranslate } from 'react-admin';
import { ConsentDocument } from './ConsentDocument';
import { useParams } from 'react-router-dom';
import { API_BASE } from '../../../contract/constants';
import type { EnrollmentPage, OpenedEnrollmentPage } from '../../../contract/enrollments';
import { apiFetch } from '../../dataProvider/http';
import { problemText } from '../../notifications/notices';
import { EnrollHeader, SupportFooter, useInvitationLook } from './InvitationLook';

const call = <T,>(path: string, options: { method?: string; body?: unknown } = {}) =>
    apiFetch<T>(path, { ...options, noAccount: true } as Parameters<typeof apiFetch>[1]);

/** A drawn signature: pointer strokes on a canvas, as a PNG data URL once something is drawn. */
const SignaturePad = ({ onChange }: { onChange: (png: string | null) => void }) => {
    const translate = useTranslate();
    const canvas = useRef<HTMLCanvasElement>(null);
    const drawing = useRef(false);
    const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
        const box = e.currentTarget.getBoundingClientRect();
        return {
            x: ((e.clientX - box.left) * e.currentTarget.width) / box.width,
            y: ((e.clientY - box.top) * e.currentTarget.height) / box.height,
        };
    };
    const clear = () => {
        const c = canvas.current!;
        c.getContext('2d')!.clearRect(0, 0, c.width, c.height);
        onChange(null);
    };
    return (
        <Box>
            <Box
                component="canvas"
                ref={canvas}
                width={600}
                height={180}
                role="img"
                aria-label={translate('enroll.signatureArea')}
                sx={{
                    width: '100%',
                    height: 140,
                    border: 1,
                    borderColor: 'grey.400',
                    borderRadius: 1,
                    touchAction: 'none',
                    bgcolor: 'common.white',
                    cursor: 'crosshair',
                }}
                onPointerDown={e => {
                    drawing.current = true;
                    e.currentTarget.setPointerCapture(e.pointerId);
                    const ctx = e.currentTarget.getContext('2d')!;
                    const { x, y } = point(e);
                    ctx.lineWidth = 3;
                    ctx.lineCap = 'round';
                    ctx.strokeStyle = '#1a237e';
                    ctx.beginPath();
                    ctx.moveTo(x, y);
                }}
                onPointerMove={e => {
                    if (!drawing.current) return;
                    const ctx = e.currentTarget.getContext('2d')!;
                    const { x, y } = point(e);
                    ctx.lineTo(x, y);
                    ctx.stroke();
                }}
                onPointerUp={e => {
                    drawing.current = false;
                    onChange(e.currentTarget.toDataURL('image/png'));
                }}
            />
            <Button size="small" onClick={clear}>
                {translate('enroll.clearSignature')}
            </Button>
        </Box>
    );
};

/** A refusal that ends the link (410: locked, withdrawn, expired...): the page shows it instead of the step. */
const isGone = (e: unknown) => (e as { status?: number }).status === 410;

/** The one-time code by e-mail (SPEC 3 multi-factor for the enrollee); too many wrong codes lock the link (onGone). */
const CodeStep = ({
    token,
    onDone,
    onGone,
}: {
    token: string;
    onDone: (page: EnrollmentPage) => void;
    onGone: (refusal: string) => void;
}) => {
    const translate = useTranslate();
    const [sent, setSent] = useState(false);
    const [code, setCode] = useState('');
    const [error, setError] = useState<string>();
    const send = async () => {
        setError(undefined);
        try {
            await call(`/enrollment/${token}/code`, { method: 'POST', body: {} });
            setSent(true);
        } catch (e) {
            if (isGone(e)) onGone(problemText(e));
            else setError(problemText(e));
        }
    };
    const verify = async (e: FormEvent) => {
        e.preventDefault();
        setError(undefined);
        try {
            onDone(await call<EnrollmentPage>(`/enrollment/${token}/code/verify`, { method: 'POST', body: { code } }));
        } catch (err) {
            if (isGone(err)) onGone(problemText(err));
            else setError(problemText(err));
        }
    };
    return (
        <Stack spacing={2} component="form" onSubmit={verify} aria-label={translate('enroll.codeTitle')}>
            <Typography variant="h6">{translate('enroll.codeTitle')}</Typography>
            <Typography variant="body2">{translate(sent ? 'enroll.codeSent' : 'enroll.codeHelp')}</Typography>
            {!sent && (
                <Button variant="contained" onClick={() => void send()}>
                    {translate('enroll.sendCode')}
                </Button>
            )}
            {sent && (
                <>
                    <TextField
                        label={translate('enroll.code')}
                        value={code}
                        onChange={e => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
                    />
                    <Button type="submit" variant="contained" disabled={code.length !== 6}>
                        {translate('enroll.verify')}
                    </Button>
                    <Button size="small" onClick={() => void send()}>
                        {translate('enroll.sendAgain')}
                    </Button>
                </>
            )}
            {error && <Alert severity="error">{error}</Alert>}
        </Stack>
    );
};

/** Read the consent document, type one's name, draw a signature (SPEC 3 consent type; docs/decisions.md "Web enrollment"). */
const ConsentStep = ({ token, name, onDone }: { token: string; name: string; onDone: (page: EnrollmentPage) => void }) => {
    const translate = useTranslate();
    const [signedName, setSignedName] = useState(name);
    const [signature, setSignature] = useState<string | null>(null);
    const [error, setError] = useState<string>();
    const [busy, setBusy] = useState(false);
    // the signed consent's words are in the language the page shows
    const [locale] = useLocaleState();
    const document = `${API_BASE}/enrollment/${token}/consent.pdf`;
    const sign = async (e: FormEvent) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
            onDone(
                await call<EnrollmentPage>(`/enrollment/${token}/consent`, {
                    method: 'POST',
                    body: { signed_name: signedName, signature, locale },
                }),
            );
        } catch (err) {
            setError(problemText(err));
        } finally {
            setBusy(false);
        }
    };
    return (
        <Stack spacing={2} component="form" onSubmit={sign} aria-label={translate('enroll.consentTitle')}>
            <Typography variant="h6">{translate('enroll.consentTitle')}</Typography>
            <Typography variant="body2">{translate('enroll.consentHelp')}</Typography>
            <ConsentDocument src={document} />
            <Link href={document} target="_blank" rel="noopener">
                {translate('enroll.openDocument')}
            </Link>
            <TextField label={translate('enroll.signedName')} value={signedName} onChange={e => setSignedName(e.target.value)} required />
            <Typography variant="body2">{translate('enroll.drawSignature')}</Typography>
            <SignaturePad onChange={setSignature} />
            <Button type="submit" variant="contained" disabled={!signature || !signedName.trim() || busy}>
                {translate('enroll.sign')}
            </Button>
            {error && <Alert severity="error">{error}</Alert>}
        </Stack>
    );
};

/** The camera step: the front camera (getUserMedia), a picture, its preview; uploading a picture when there is no camera. */
const FaceStep = ({ token, onDone }: { token: string; onDone: (page: EnrollmentPage) => void }) => {
    const translate = useTranslate();
    const video = useRef<HTMLVideoElement>(null);
    const [stream, setStream] = useState<MediaStream | null>(null);
    // the camera's first frame: before it, a picture would be empty
    const [live, setLive] = useState(false);
    const [noCamera, setNoCamera] = useState(false);
    const [picture, setPicture] = useState<Blob | null>(null);
    const [preview, setPreview] = useState<string>();
    const [error, setError] = useState<string>();
    const [busy, setBusy] = useState(false);
    const stop = useCallback(() => stream?.getTracks().forEach(t => t.stop()), [stream]);
    const start = async () => {
        setError(undefined);
        try {
            const s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 } }, audio: false });
            setStream(s);
        } catch {
            setNoCamera(true);
        }
    };
    useEffect(() => {
        if (video.current && stream) video.current.srcObject = stream;
        return stop;
    }, [stream, stop]);
    useEffect(
        () => () => {
            if (preview) URL.revokeObjectURL(preview);
        },
        [preview],
    );
    const choose = (blob: Blob) => {
        setPicture(blob);
        setPreview(URL.createObjectURL(blob));
        stop();
        setStream(null);
        setLive(false);
    };
    const take = () => {
        const v = video.current!;
        if (!v.videoWidth) return;
        const canvas = document.createElement('canvas');
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        canvas.getContext('2d')!.drawImage(v, 0, 0);
        canvas.toBlob(b => b && choose(b), 'image/jpeg', 0.9);
    };
    const send = async () => {
        setBusy(true);
        setError(undefined);
        const form = new FormData();
        form.append('image', picture!, 'face.jpg');
        try {
            onDone(await call<EnrollmentPage>(`/enrollment/${token}/face`, { method: 'POST', body: form }));
        } catch (e) {
            setError(problemText(e));
        } finally {
            setBusy(false);
        }
    };
    return (
        <Stack spacing={2} aria-label={translate('enroll.faceTitle')} role="group">
            <Typography variant="h6">{translate('enroll.faceTitle')}</Typography>
            <Typography variant="body2">{translate('enroll.faceHelp')}</Typography>
            {preview ? (
                <Box component="img" src={preview} alt={translate('enroll.preview')} sx={{ width: '100%', borderRadius: 1 }} />
            ) : stream ? (
                <Box
                    component="video"
                    ref={video}
                    autoPlay
                    playsInline
                    onLoadedData={() => setLive(true)}
                    muted
                    sx={{ width: '100%', borderRadius: 1, transform: 'scaleX(-1)', bgcolor: 'black' }}
                />
            ) : null}
            {!preview && !stream && !noCamera && (
                <Button variant="contained" startIcon={<CameraAlt />} onClick={() => void start()}>
                    {translate('enroll.openCamera')}
                </Button>
            )}
            {stream && (
                <Button variant="contained" startIcon={<CameraAlt />} onClick={take} disabled={!live}>
                    {translate('enroll.takePicture')}
                </Button>
            )}
            {noCamera && <Alert severity="info">{translate('enroll.noCamera')}</Alert>}
            {!preview && (
                <Button component="label" variant="outlined" startIcon={<UploadFile />}>
                    {translate('enroll.upload')}
                    <input
                        hidden
                        type="file"
                        accept="image/jpeg,image/png,image/webp"
                        capture="user"
                        onChange={e => e.target.files?.[0] && choose(e.target.files[0])}
                    />
                </Button>
            )}
            {preview && (
                <Stack direction="row" spacing={1}>
                    <Button
                        variant="outlined"
                        onClick={() => {
                            setPicture(null);
                            setPreview(undefined);
                        }}
                    >
                        {translate('enroll.retake')}
                    </Button>
                    <Button variant="contained" disabled={busy} onClick={() => void send()} sx={{ flex: 1 }}>
                        {translate('enroll.usePicture')}
                    </Button>
                </Stack>
            )}
            {error && <Alert severity="error">{error}</Alert>}
        </Stack>
    );
};

/**
 * /enroll/:token: the public enrollment page (docs/decisions.md "Web enrollment"), outside sign-in:
 * the one-time code when the account asks for it, the consent to sign, the
 * picture, and a clear end; a link that no longer works gets a clear page. It wears the inviting account's brand and
 * opens in the invitation's language (useInvitationLook).
 */
export const EnrollPage = () => {
    const translate = useTranslate();
    const { token = '' } = useParams();
    // as the page opened (its brand, its language); then the steps' answers move `page` on
    const [opened, setOpened] = useState<OpenedEnrollmentPage>();
    const [page, setPage] = useState<EnrollmentPage>();
    const [refusal, setRefusal] = useState<string>();
    const [tooMany, setTooMany] = useState(false);
    const { locale, choose } = useInvitationLook(opened);
    useEffect(() => {
        call<OpenedEnrollmentPage>(`/enrollment/${token}`).then(
            answer => {
                setOpened(answer);
                setPage(answer);
            },
            e => ((e as { status?: number }).status === 429 ? setTooMany(true) : setRefusal(problemText(e))),
        );
    }, [token]);
    const refused = tooMany ? translate('enroll.tooMany') : refusal;
    const done = page?.status === 'completed';
    const step = !page
        ? null
        : done
          ? 'done'
          : page.multi_factor.required && !page.multi_factor.verified
            ? 'code'
            : page.consent.required && !page.consent.signed
              ? 'consent'
              : 'face';
    return (
        <Box
            component="main"
            sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', justifyContent: 'center', p: { xs: 1, sm: 3 } }}
        >
            <Card sx={{ width: 560, maxWidth: '100%', alignSelf: 'flex-start' }} elevation={2}>
                <CardContent sx={{ display: 'grid', gap: 2 }}>
                    <EnrollHeader accountName={page?.account_name} locale={locale} onLocale={choose} />
                    <Typography variant="h5" component="h1" sx={{ color: 'primary.main' }}>
                        {page ? translate('enroll.title', { name: page.person_name }) : translate('enroll.titleAnonymous')}
                    </Typography>
                    {refused && (
                        <Alert severity="warning" role="alert">
                            {refused}
                        </Alert>
                    )}
                    {!page && !refused && <CircularProgress aria-label={translate('enroll.loading')} sx={{ justifySelf: 'center' }} />}
                    {step === 'code' && (
                        <CodeStep
                            token={token}
                            onDone={setPage}
                            onGone={text => {
                                setPage(undefined);
                                setRefusal(text);
                            }}
                        />
                    )}
                    {step === 'consent' && <ConsentStep token={token} name={page!.person_name} onDone={setPage} />}
                    {step === 'face' && <FaceStep token={token} onDone={setPage} />}
                    {step === 'done' && (
                        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} role="status">
                            <CheckCircle color="success" sx={{ fontSize: 64 }} />
                            <Typography variant="h6">{translate('enroll.doneTitle')}</Typography>
                            <Typography variant="body2">{translate('enroll.doneText', { account: page!.account_name })}</Typography>
                        </Stack>
                    )}
                    {opened && <SupportFooter brand={opened.brand} />}
                </CardContent>
            </Card>
        </Box>
    );
};
