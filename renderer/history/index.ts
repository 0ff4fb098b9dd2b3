// What the app shell uses of the history (eslint.config.js allows it nothing else).
export { BackupsSection } from './BackupsSection';
export { ConversationList } from './ConversationList';
export { SearchBox } from './SearchBox';
export { SearchResults } from './SearchResults';
export { Toast } from './Toast';
export { TransferActions } from './TransferActions';
export { useHistory } from './store';
import './history.css';
