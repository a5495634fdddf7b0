import { REPORT_TEXTS } from '#shared/report-texts.js';
import { promptSignIn } from '#web/components/sign-in-prompt.js';

/** A signed-out visitor (or one whose session ended) who asks to report is told to sign in, and sent there. */
export const promptSignInToReport = () => promptSignIn(REPORT_TEXTS.signInTitle, REPORT_TEXTS.signInBody);
