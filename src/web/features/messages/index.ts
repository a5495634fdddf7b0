/** What other features use of messaging: the card's Message button and starting a conversation (the contact form). */
export { useStartConversation } from './api/start-conversation.js';
export { MessageButton } from './components/message-dialog.js';
