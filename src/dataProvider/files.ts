import { format } from 'date-fns';

/**
 * Downloads saved as files, for every screen that exports something.
 * SPEC 9 default export names: the prefix and a timestamp, e.g. devices-configs-20250102-133700.csv. */
export const stampedName = (prefix: string, extension: string, now = new Date()) =>
    `${prefix}-${format(now, 'yyyyMMdd-HHmmss')}.${extension}`;

/** Saves a downloaded file under the server's name (a File from Content-Disposition), else the fallback. */
export const saveFile = (blob: Blob, fallback: string): string => {
    const name = blob instanceof File && blob.name ? blob.name : fallback;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Revoked a while later: the browser reads the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    return name;
};

/** The browser's offset as the server takes it: minutes west of UTC. */
export const timezoneOffset = () => new Date().getTimezoneOffset();
