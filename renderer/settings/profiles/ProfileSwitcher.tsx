import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useProfiles } from './store';

/** The keys are named as printed on them, in every language. */
const KEYS = { up: '↑', down: '↓', enter: 'Enter', esc: 'Esc' };
const key = <kbd dir="ltr" translate="no" />;

/**
 * The profile switcher (Ctrl/Cmd+Shift+P): a modal dialog holding a listbox. Arrow keys,
 * Home and End move, Enter or a click switches, Esc closes and focus returns where it was.
 */
export function ProfileSwitcher() {
  const { t } = useTranslation('settings');
  const open = useProfiles((s) => s.switcherOpen);
  const list = useProfiles((s) => s.list);
  const dialog = useRef<HTMLDialogElement>(null);
  const listbox = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      void useProfiles.getState().load();
      element.showModal();
      listbox.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);
  useEffect(() => {
    if (open && list) setIndex(Math.max(0, list.profiles.findIndex((profile) => profile.id === list.activeId)));
  }, [open, list]);

  const profiles = list?.profiles ?? [];
  const close = () => useProfiles.getState().openSwitcher(false);
  const choose = async (position: number) => {
    const profile = profiles[position];
    if (profile && (await useProfiles.getState().switchTo(profile.id))) close();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const last = profiles.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(last, index + 1), ArrowUp: Math.max(0, index - 1), Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setIndex(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void choose(index);
    }
  };

  return (
    // The native dialog brings the focus trap, Esc to close and the backdrop.
    <dialog ref={dialog} className="profile-switcher" aria-labelledby="switcher-heading" onClose={close}>
      <h2 id="switcher-heading">{t('switcher.heading')}</h2>
      <ul
        ref={listbox}
        role="listbox"
        tabIndex={0}
        aria-label={t('profiles.list')}
        aria-activedescendant={profiles[index] ? `switcher-${profiles[index].id}` : undefined}
        onKeyDown={onKeyDown}
      >
        {profiles.map((profile, position) => (
          <li
            key={profile.id}
            id={`switcher-${profile.id}`}
            role="option"
            aria-selected={position === index}
            className={position === index ? 'highlighted' : undefined}
            onClick={() => void choose(position)}
          >
            <span className="switcher-name">
              <span translate="no" dir="auto">
                {profile.name}
              </span>
              {profile.id === list?.activeId && <span className="badge">{t('profiles.active')}</span>}
            </span>
            {profile.baseUrl ? (
              <span className="hint mono" translate="no" dir="ltr">
                {profile.baseUrl}
              </span>
            ) : (
              <span className="hint">{t('profiles.noBaseUrl')}</span>
            )}
          </li>
        ))}
      </ul>
      <p className="hint">
        <Trans t={t} i18nKey="switcher.help" values={KEYS} components={{ 1: key, 3: key, 5: key, 7: key }} />
      </p>
    </dialog>
  );
}
