/** The profile page's account parts, and the verification notice the review form shows too. */
export { DeleteAccountSection } from './components/delete-account-section.js';
export { DownloadDataSection } from './components/download-data-section.js';
export { EmailSetting } from './components/email-setting.js';
export { EmailVerificationStatus } from './components/email-verification-status.js';
export { PasswordSetting } from './components/password-setting.js';
export { ProfilePicture } from './components/profile-picture.js';
