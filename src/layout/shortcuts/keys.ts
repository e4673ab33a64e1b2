import type { RouteKey } from '../../../contract/routes';

/** `g` then one of these letters opens the screen, when the user's menu has it. */
export const GO_TO: readonly { letter: string; screen: RouteKey }[] = [
    { letter: 'd', screen: 'dashboard' },
    { letter: 'v', screen: 'devices' },
    { letter: 'e', screen: 'events' },
    { letter: 'p', screen: 'profiles' },
    { letter: 'u', screen: 'users' },
    { letter: 'a', screen: 'accessGroups' },
];

/** How long after `g` the second letter counts. */
export const GO_TO_WINDOW_MS = 1500;

/** True when a key press belongs to a field being typed in, not to the page. */
export const typingIn = (target: EventTarget | null) =>
    target instanceof HTMLElement &&
    (target.isContentEditable ||
        ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
        // jsdom and older engines leave isContentEditable out
        !!target.closest('[contenteditable]:not([contenteditable="false"])'));

/** A key press the page's shortcuts leave alone: typed in a field, or a browser or system chord. */
export const notForShortcuts = (e: KeyboardEvent) => e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typingIn(e.target);
