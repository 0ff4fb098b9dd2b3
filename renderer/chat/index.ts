// What other features use of the chat: its store (a view of main's conversations) and naming helpers.
export { useChat, watchConversations } from './store';
export { nameOf } from './listing';
export { messageOf } from './records';
