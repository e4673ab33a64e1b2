import { onDemand, preloadComponent } from '../plugins/onDemand';
import { pluginSlots } from '../plugins/installed';
import { loadAllTexts } from '../i18n';

/**
 * The signed-in layout (app bar, menu, account switch): the sign-in page does
 * without it; main.tsx preloads it for a stored session. What features put in
 * the app bar arrives with it, so the search box's '/' works from the first
 * frame the bar shows; so do the features' texts.
 */
export const AppLayout = onDemand(async () => {
    const [layout] = await Promise.all([import('./AppLayout'), loadAllTexts(), ...pluginSlots().appBar.map(preloadComponent)]);
    return layout.AppLayout;
});
