import type { ConversationMeta } from '../../shared/domain/conversation';
import { i18n } from '../i18n';

/**
 * How a conversation without a title is called wherever it is listed or named, in the language
 * of the render that asks (a component that uses useTranslation re-renders on a change).
 */
export const nameOf = (conversation: Pick<ConversationMeta, 'title'>) => conversation.title || i18n.t('chat:conversation.untitled');
