import { type KeyboardEvent, type MouseEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationMeta } from '../../shared/domain/conversation';
import { useChat } from '../chat';
import { useHistory } from './store';

interface Props {
  conversation: ConversationMeta;
  title: string;
  onRename(): void;
}

/**
 * A conversation's actions in a menu: a popover, so the sidebar's scrolling never clips it,
 * placed beside its button by CSS anchor positioning, with the arrow keys of a menu. Its
 * items exist only while it is open, so a long list carries no hidden buttons.
 */
export function ConversationMenu({ conversation, title, onRename }: Props) {
  const { t } = useTranslation('history');
  const id = useId();
  const anchor = `--menu-${id.replace(/[^\w-]/g, '')}`;
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { id: conversationId, pinned } = conversation;
  const history = useHistory.getState();

  const items: Array<[string, string, (fromKeyboard: boolean) => void]> = [
    ['rename', t('menu.rename'), onRename],
    ['pin', pinned ? t('menu.unpin') : t('menu.pin'), () => useChat.getState().setPinned(conversationId, !pinned)],
    ['markdown', t('menu.exportMarkdown'), () => void history.exportConversation(conversationId, 'markdown')],
    ['json', t('menu.exportJson'), () => void history.exportConversation(conversationId, 'json')],
    ['delete', t('menu.delete'), (fromKeyboard) => void history.remove(conversationId, fromKeyboard)],
  ];

  const entries = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  const onKeyDown = (event: KeyboardEvent) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      all[(moves[event.key]! + all.length) % all.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      // Handled here, so Esc closes only the menu and never also stops a reply.
      if (event.key === 'Escape') event.preventDefault();
      menu.current?.hidePopover();
      button.current?.focus();
    }
  };

  const choose = (action: (fromKeyboard: boolean) => void) => (event: MouseEvent) => {
    menu.current?.hidePopover();
    // A click with no pointer behind it (detail 0) came from Enter or Space.
    action(event.detail === 0);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="item-menu-button"
        aria-label={t('menu.button')}
        aria-haspopup="menu"
        title={t('menu.buttonTitle')}
        popoverTarget={id}
        style={{ anchorName: anchor }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div
        ref={menu}
        id={id}
        popover="auto"
        role="menu"
        aria-label={t('menu.label', { title })}
        className="item-menu"
        style={{ positionAnchor: anchor }}
        // The items are made before the menu shows, and take the focus once it has shown:
        // a hidden element cannot take it.
        onBeforeToggle={(event) => setOpen(event.newState === 'open')}
        onToggle={(event) => event.newState === 'open' && entries()[0]?.focus()}
        onKeyDown={onKeyDown}
      >
        {open &&
          items.map(([item, label, action]) => (
            <button
              key={item}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={item === 'delete' ? 'danger-item' : undefined}
              onClick={choose(action)}
            >
              {label}
            </button>
          ))}
      </div>
    </>
  );
}
