import frenchMessages from 'ra-language-french';
import type { Messages } from '../plugins/types';

/** react-admin's own texts in French, from its package. */
export default frenchMessages as unknown as Messages;
