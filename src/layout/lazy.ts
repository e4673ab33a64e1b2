import { onDemand } from '../plugins/onDemand';

/** The signed-in layout (app bar, menu, account switch): the sign-in page does without it; main.tsx preloads it for a stored session. */
export const AppLayout = onDemand(() => import('./AppLayout').then(m => m.AppLayout));
