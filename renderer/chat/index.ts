// What other features use of chat (eslint.config.js allows them nothing else): its screen
// and store (a view of main's conversations), and the navigation between screens, which lives
// here because opening or starting a conversation is a chat action.
export { ChatScreen } from './ChatScreen';
export { nameOf } from './listing';
export { openSettings, useNavigation } from './navigation';
export { useChat, watchConversations } from './store';
