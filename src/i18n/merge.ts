import type { Messages } from '../plugins/types';

/** Deep merge of message trees; a later tree wins on a leaf. */
export const mergeMessages = (...trees: Messages[]): Messages => {
    const out: Messages = {};
    for (const tree of trees) {
        for (const [key, value] of Object.entries(tree)) {
            const existing = out[key];
            out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeMessages(existing, value) : value;
        }
    }
    return out;
};
