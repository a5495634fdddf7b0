/** The profile's sign-in security sections (decision 056): passkeys, two-step sign-in, where you are signed in. */
export { SessionsSection } from './sessions-section.js';
export { PasskeysSection } from './passkeys-section.js';
export { TwoStepSection } from './two-step-section.js';
