/** What other features use of members (decision 045): blocking from a conversation, the notice in its place, the profile's list. */
export { BlockMemberDialog } from './components/block-member-dialog.js';
export { BlockNotice } from './components/block-notice.js';
export { BlockedMembersSection } from './components/blocked-members-section.js';
export { UnblockButton } from './components/unblock-button.js';
