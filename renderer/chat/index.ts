// What other features use of chat (eslint.config.js allows them nothing else): its screen,
// its store (a view of main's conversations), and opening or starting a conversation.
export { ChatScreen } from './ChatScreen';
export { nameOf } from './conversation-name';
export { attachDroppedDocuments, chatTakesDocuments } from './drop-documents';
export { openConversation, startChat } from './open-conversation';
export { useChat, watchConversations } from './store';
