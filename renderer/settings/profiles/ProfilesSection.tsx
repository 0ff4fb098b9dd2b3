import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { problemText } from '../../common/problem-text';
import { SHORTCUTS } from '../../common/shortcuts';
import { type ProfileSummary, profileNameSchema } from '../../../shared/contract/profiles';
import { useProfiles } from './store';
import './profiles.css';
import { problemOfIssue } from '../../../shared/domain/problem';
import { problemWords } from '../../common/problem-text';

/** Profiles in Settings: switch, rename, delete, and create one (empty or copying another's connection). */
export function ProfilesSection() {
  const { t } = useTranslation('settings');
  const list = useProfiles((s) => s.list);
  const problem = useProfiles((s) => s.problem);
  useEffect(() => void useProfiles.getState().load(), []);
  if (!list) return null;

  return (
    <section aria-labelledby="profiles-heading" className="card profiles-section">
      <h2 id="profiles-heading">{t('profiles.heading')}</h2>
      <p className="hint">
        <Trans t={t} i18nKey="profiles.intro" values={{ shortcut: SHORTCUTS.profiles.label }} components={{ 1: <kbd dir="ltr" translate="no" /> }} />
      </p>
      {problem !== null && (
        <p className="field-error" role="alert">
          {problemText(problem)}
        </p>
      )}
      <ul className="profile-list" aria-label={t('profiles.list')}>
        {list.profiles.map((profile) => (
          <ProfileRow key={profile.id} profile={profile} active={profile.id === list.activeId} only={list.profiles.length === 1} />
        ))}
      </ul>
      <CreateProfile profiles={list.profiles} activeId={list.activeId} />
    </section>
  );
}

function ProfileRow({ profile, active, only }: { profile: ProfileSummary; active: boolean; only: boolean }) {
  const { t } = useTranslation('settings');
  const named = { name: profile.name };
  const { switchTo, rename, remove } = useProfiles.getState();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(profile.name);
  const inputId = useId();

  return (
    <li className="profile-row" aria-current={active ? 'true' : undefined}>
      {mode === 'rename' ? (
        <form
          className="field-row"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await rename(profile.id, name)) setMode('view');
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            {t('profiles.newName', named)}
          </label>
          <input id={inputId} type="text" dir="auto" value={name} maxLength={40} onChange={(event) => setName(event.target.value)} autoFocus />
          <button type="submit">{t('profiles.saveName')}</button>
          <button type="button" className="secondary" onClick={() => setMode('view')}>
            {t('profiles.cancel')}
          </button>
        </form>
      ) : (
        <>
          <div className="profile-label">
            <span className="profile-name">
              <strong translate="no" dir="auto">
                {profile.name}
              </strong>
              {active && <span className="badge">{t('profiles.active')}</span>}
            </span>
            {profile.baseUrl ? (
              <span className="hint mono" translate="no" dir="ltr">
                {profile.baseUrl}
              </span>
            ) : (
              <span className="hint">{t('profiles.noBaseUrl')}</span>
            )}
          </div>
          {mode === 'delete' ? (
            <div className="actions" role="group" aria-label={t('profiles.confirmDelete', named)}>
              <span>{t('profiles.deleteQuestion', named)}</span>
              <button type="button" className="danger" onClick={() => void remove(profile.id)}>
                {t('profiles.deleteYes', named)}
              </button>
              <button type="button" className="secondary" onClick={() => setMode('view')}>
                {t('profiles.keep')}
              </button>
            </div>
          ) : (
            <div className="actions">
              {!active && (
                <button type="button" onClick={() => void switchTo(profile.id)}>
                  {t('profiles.switchTo', named)}
                </button>
              )}
              <button type="button" className="secondary" aria-label={t('profiles.renameLabel', named)} onClick={() => setMode('rename')}>
                {t('profiles.rename')}
              </button>
              {!only && (
                <button type="button" className="danger" aria-label={t('profiles.deleteLabel', named)} onClick={() => setMode('delete')}>
                  {t('profiles.delete')}
                </button>
              )}
            </div>
          )}
        </>
      )}
    </li>
  );
}

function CreateProfile({ profiles, activeId }: { profiles: ProfileSummary[]; activeId: string }) {
  const { t } = useTranslation('settings');
  const [name, setName] = useState('');
  const [copyFrom, setCopyFrom] = useState<string>('');
  /** The contract's rule the name broke, in its words; the fallback says it in the UI language. */
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();
  const copyId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = profileNameSchema.safeParse(name);
    if (!parsed.success) {
      const named = problemOfIssue(parsed.error.issues[0]);
      return setProblem(named ? problemWords(named) : t('profiles.invalidName'));
    }
    setProblem(null);
    // The name is cleared only once main has made the profile.
    if (await useProfiles.getState().create(parsed.data, copyFrom || null)) setName('');
  };

  return (
    <form className="create-profile" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={nameId}>{t('profiles.newProfile')}</label>
        <div className="field-row">
          <input id={nameId} type="text" value={name} dir="auto" placeholder={t('profiles.namePlaceholder')} maxLength={40} aria-invalid={problem !== null} onChange={(e) => setName(e.target.value)} />
          <label htmlFor={copyId} className="visually-hidden">
            {t('profiles.startFrom')}
          </label>
          <select id={copyId} value={copyFrom} onChange={(event) => setCopyFrom(event.target.value)}>
            <option value="">{t('profiles.empty')}</option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.id === activeId ? t('profiles.copyOfActive', { name: profile.name }) : t('profiles.copyOf', { name: profile.name })}
              </option>
            ))}
          </select>
          <button type="submit">{t('profiles.create')}</button>
        </div>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : (
          <p className="hint">{t('profiles.copyHint')}</p>
        )}
      </div>
    </form>
  );
}
