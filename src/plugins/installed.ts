import type { ConsolePlugin } from './types';

let installed: readonly ConsolePlugin[] = [];

/**
 * Hands the kernel the console's features (src/features.ts), once at start: the kernel (rights, texts, preloading,
 * routes) reads them from here and imports none of them.
 */
export const installPlugins = (plugins: readonly ConsolePlugin[]) => {
    installed = plugins;
};

/** The installed features, in menu order. */
export const installedPlugins = (): readonly ConsolePlugin[] => installed;
