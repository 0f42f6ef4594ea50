import { lazyComponent } from '../../components/lazy-page';

/**
 * The shell's dialogs load in their own chunk (shell-dialogs.ts). The step-up dialog is always
 * mounted, so the chunk is asked for at the first render, beside the page's own chunk, and the
 * other two are in place well before anyone can open them.
 */
const load = () => import('./shell-dialogs');

export const LazyStepUpDialog = lazyComponent('shell-dialogs', () => load().then((m) => m.StepUpDialog));
export const LazyGeneralModalDialog = lazyComponent('shell-dialogs', () => load().then((m) => m.GeneralModalDialog));
export const LazyWhatsNewDialog = lazyComponent('shell-dialogs', () => load().then((m) => m.WhatsNewDialog));
