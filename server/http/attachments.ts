/** SPEC 9: default export file names are timestamp-based: <prefix>-YYYYMMDD-HHmmss.<extension> (UTC). */
export const stampedFileName = (prefix: string, extension: string, now: Date) =>
    `${prefix}-${now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}.${extension}`;

/** The Content-Disposition of a download saved under `name`. */
export const attachment = (name: string) => `attachment; filename="${name}"`;
