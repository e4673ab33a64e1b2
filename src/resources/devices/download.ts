import { format } from 'date-fns';

/** SPEC 9 default export names: the prefix and a timestamp, e.g. devices-configs-20250102-133700.csv. */
export const stampedName = (prefix: string, extension: string, now = new Date()) => `${prefix}-${format(now, 'yyyyMMdd-HHmmss')}.${extension}`;

/** Saves a downloaded file under the server's name (a File from Content-Disposition), else the fallback. */
export const saveFile = (blob: Blob, fallback: string): string => {
    const name = blob instanceof File && blob.name ? blob.name : fallback;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Revoked a moment later: some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    return name;
};

/** The browser's offset as the server takes it: minutes west of UTC. */
export const timezoneOffset = () => new Date().getTimezoneOffset();
