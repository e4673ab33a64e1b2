import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { EVENT_IMAGE_PLACEHOLDER, type EventRecord } from '../../../contract/events';
import type { ConsoleDataProvider } from '../../dataProvider';

/**
 * The event's image as a local object URL: the file route needs the bearer
 * header, so an <img src> cannot fetch it itself (SPEC 7.2 GET
 * /events/{eventId}/files/{fileName}, blob). Fetched once per event and size
 * and kept; `failed` when there is no image or it could not be loaded. Lists
 * ask for the thumbnail, which the server makes small; Event Details for the
 * full picture, on which the face boxes are drawn. The server's "no preview"
 * picture (stored bytes that do not decode) counts as failed: the console
 * shows its own picture of the event's type, with the SPEC 8.3 text and no boxes.
 */
export const useEventImage = (event: Pick<EventRecord, 'id' | 'account_id' | 'image'>, size: 'full' | 'thumbnail' = 'full') => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { data: blob, isError } = useQuery({
        queryKey: ['events', 'image', event.id, event.image, size],
        // the event's own account: a list across accounts shows events of several
        queryFn: () =>
            dataProvider.download(`/events/${event.id}/files/${encodeURIComponent(event.image!)}`, {
                account_id: event.account_id,
                ...(size === 'thumbnail' && { size }),
            }),
        enabled: !!event.image,
        staleTime: Infinity,
        retry: false,
    });
    const noPreview = blob instanceof File && blob.name === EVENT_IMAGE_PLACEHOLDER.fileName;
    const [url, setUrl] = useState<string>();
    useEffect(() => {
        if (!blob || noPreview) return;
        const objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
        return () => {
            URL.revokeObjectURL(objectUrl);
            setUrl(undefined);
        };
    }, [blob, noPreview]);
    return { url, failed: !event.image || isError || noPreview };
};
