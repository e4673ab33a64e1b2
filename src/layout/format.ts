/** SPEC 2.4: avatar initials from the name; 'JD' when the name is empty. */
export const initials = (name: string | undefined | null): string => {
    const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
    if (!words.length) return 'JD';
    const first = words[0]![0]!;
    const last = words.length > 1 ? words[words.length - 1]![0]! : '';
    return (first + last).toUpperCase();
};

/** SPEC 2.3: the first three parts of the version, the rest in brackets: 1.0.0.3f2a9c1 -> 1.0.0 (3f2a9c1). */
export const portalVersion = (version: string | undefined): string => {
    if (!version) return '';
    const parts = version.split('.');
    const head = parts.slice(0, 3).join('.');
    const rest = parts.slice(3).join('.');
    return rest ? `${head} (${rest})` : head;
};
