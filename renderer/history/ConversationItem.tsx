import { memo, useRef, useState } from 'react';
import type { ConversationMeta } from '../../shared/domain/conversation';
import { nameOf, openConversation } from '../chat';
import { ConversationMenu } from './ConversationMenu';
import { RenameField } from './RenameField';
import { takesFocus } from './store';

interface Props {
  conversation: ConversationMeta;
  current: boolean;
}

/** Memoised: a change to one conversation (a new message, a rename) re-renders only its item. */
export const ConversationItem = memo(function ConversationItem({ conversation, current }: Props) {
  const [renaming, setRenaming] = useState(false);
  // After a rename (or a keyboard Undo) the focus goes back to the item.
  const refocus = useRef(false);
  const title = nameOf(conversation);

  return (
    <li className={current ? 'conversation-item current' : 'conversation-item'}>
      {renaming ? (
        <RenameField
          conversation={conversation}
          onClose={() => {
            refocus.current = true;
            setRenaming(false);
          }}
        />
      ) : (
        <>
          <button
            ref={(element) => {
              if (element && (refocus.current || takesFocus(conversation.id))) {
                refocus.current = false;
                element.focus();
              }
            }}
            type="button"
            className="nav-item"
            title={title}
            translate="no"
            dir="auto"
            aria-current={current ? 'page' : undefined}
            onClick={() => openConversation(conversation.id)}
          >
            {title}
          </button>
          <ConversationMenu conversation={conversation} title={title} onRename={() => setRenaming(true)} />
        </>
      )}
    </li>
  );
});
