import { useState } from 'react';
import { Box, Skeleton, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isIncident, type EventRecord } from '../../../contract/events';
import { stockPicture } from './stockPictures';
import { useEventImage } from './useEventImage';

type ImageEvent = Pick<EventRecord, 'id' | 'account_id' | 'event' | 'group' | 'image' | 'image_reason' | 'profiles'>;

/** The stock picture and the SPEC 8.3 text for an event whose image cannot be shown (SPEC 2.7). */
export const FallbackPicture = ({ event, size }: { event: ImageEvent; size?: { width: number | string; height: number | string } }) => {
    const translate = useTranslate();
    const picture = stockPicture(event);
    const alt = translate(picture.alt, { group: translate(`resources.events.groups.${picture.group}`) });
    const message = translate(picture.message);
    if (size)
        return (
            <Tooltip title={message} describeChild>
                <Box component="img" src={picture.src} alt={alt} sx={{ ...size, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
            </Tooltip>
        );
    return (
        <Box component="figure" sx={{ m: 0, textAlign: 'center' }}>
            <Box
                component="img"
                src={picture.src}
                alt={alt}
                sx={{ width: '100%', maxWidth: 480, borderRadius: 2, display: 'block', mx: 'auto' }}
            />
            <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {message}
            </Typography>
        </Box>
    );
};

/** SPEC 2.7: incidents show a box over each profile's region of interest, in the image's own pixels. */
const FaceBoxes = ({ event, width, height }: { event: ImageEvent; width: number; height: number }) => {
    const translate = useTranslate();
    const regions = event.profiles.filter(p => p.roi);
    if (!isIncident(event.event) || !regions.length) return null;
    const stroke = Math.max(2, Math.round(width / 160));
    const font = Math.max(9, Math.round(width / 32));
    return (
        <svg
            role="img"
            aria-label={translate('resources.events.image.regions', { smart_count: regions.length })}
            viewBox={`0 0 ${width} ${height}`}
            preserveAspectRatio="none"
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
        >
            {regions.map((p, i) => {
                const roi = p.roi!;
                const label = p.profile_id ? (p.acs_id ?? `#${p.profile_id}`) : translate('resources.events.image.unknownFace');
                return (
                    <g key={i} data-profile={p.profile_id ?? ''}>
                        <rect x={roi.x} y={roi.y} width={roi.w} height={roi.h} fill="none" stroke="#ff1744" strokeWidth={stroke} />
                        <text
                            x={roi.x}
                            y={Math.max(font, roi.y - stroke * 2)}
                            fill="#ff1744"
                            fontSize={font}
                            fontWeight={700}
                            fontFamily="sans-serif"
                            stroke="#000"
                            strokeWidth={font / 12}
                        >
                            {label}
                        </text>
                    </g>
                );
            })}
        </svg>
    );
};

/** The Event Details image: the event's picture with its face boxes, or the fallback picture. */
export const EventImage = ({ event }: { event: ImageEvent }) => {
    const translate = useTranslate();
    const { url, failed } = useEventImage(event);
    const [size, setSize] = useState<{ width: number; height: number }>();
    const [broken, setBroken] = useState(false);
    if (failed || broken) return <FallbackPicture event={event} />;
    if (!url) return <Skeleton variant="rounded" sx={{ width: '100%', aspectRatio: '4 / 3', height: 'auto' }} />;
    return (
        <Box sx={{ position: 'relative', lineHeight: 0 }}>
            <Box
                component="img"
                src={url}
                alt={translate(`resources.events.types.${event.event}`, { _: event.event })}
                onLoad={e => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
                onError={() => setBroken(true)}
                sx={{ width: '100%', display: 'block', borderRadius: 1 }}
            />
            {size && size.width > 0 && <FaceBoxes event={event} width={size.width} height={size.height} />}
        </Box>
    );
};

/** The list's thumbnail (64×48) from the server's small copy; the fallback picture when there is no image. */
export const EventThumbnail = ({
    event,
    width = 64,
    height = 48,
}: {
    event: ImageEvent;
    width?: number | string;
    height?: number | string;
}) => {
    const translate = useTranslate();
    const { url, failed } = useEventImage(event, 'thumbnail');
    const [broken, setBroken] = useState(false);
    if (failed || broken) return <FallbackPicture event={event} size={{ width, height }} />;
    if (!url) return <Skeleton variant="rounded" width={width} height={height} />;
    return (
        <Box
            component="img"
            src={url}
            alt={translate(`resources.events.types.${event.event}`, { _: event.event })}
            onError={() => setBroken(true)}
            sx={{ width, height, objectFit: 'cover', borderRadius: 1, display: 'block' }}
        />
    );
};
