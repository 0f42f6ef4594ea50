/**
 * The shell's dialogs, one chunk: none is on a first screen, and together they bring MUI's
 * Dialog, TextField (with Select and the inputs) and Alert, which the entry then does without.
 */
export { StepUpDialog } from './step-up-dialog';
export { GeneralModalDialog } from './general-modal-dialog';
export { WhatsNewDialog } from './whats-new-dialog';
