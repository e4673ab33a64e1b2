/**
 * Marks a list's Add (create) button as the one the `n` keyboard shortcut presses
 * (src/layout/shortcuts): spread on the button. A list shows that button only when
 * it has a create and the role may create, so the shortcut follows the same rule.
 */
export const CREATE_SHORTCUT = { 'data-shortcut': 'create' } as const;

export const CREATE_SHORTCUT_SELECTOR = '[data-shortcut="create"]';
