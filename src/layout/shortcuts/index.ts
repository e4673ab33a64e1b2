export { KeyboardShortcuts, useOpenShortcutsHelp } from './KeyboardShortcuts';
