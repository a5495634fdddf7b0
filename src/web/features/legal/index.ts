export { LEGAL_LAST_UPDATED, PRIVACY_SECTIONS, TERMS_SECTIONS, type LegalSection } from './terms-content.js';
