import { onDemand, preloadComponent } from '../plugins/onDemand';
import { pluginSlots } from '../plugins/rights';

/**
 * The signed-in layout (app bar, menu, account switch): the sign-in page does
 * without it; main.tsx preloads it for a stored session. What features put in
 * the app bar arrives with it, so the search box's '/' works from the first
 * frame the bar shows.
 */
export const AppLayout = onDemand(async () => {
    const [layout] = await Promise.all([import('./AppLayout'), ...pluginSlots().appBar.map(preloadComponent)]);
    return layout.AppLayout;
});
