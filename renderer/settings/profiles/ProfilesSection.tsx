import { useEffect, useId, useState } from 'react';
import { type ProfileSummary, profileNameSchema } from '../../../shared/contract/profiles';
import { useProfiles } from './store';
import './profiles.css';
import { problemOfIssue } from '../../../shared/domain/problem';
import { problemWords } from '../../common/problem-text';

/** Profiles in Settings: switch, rename, delete, and create one (empty or copying another's connection). */
export function ProfilesSection() {
  const list = useProfiles((s) => s.list);
  const problem = useProfiles((s) => s.problem);
  useEffect(() => void useProfiles.getState().load(), []);
  if (!list) return null;

  return (
    <section aria-labelledby="profiles-heading" className="card profiles-section">
      <h2 id="profiles-heading">Profiles</h2>
      <p className="hint">
        Each profile has its own base URL, MCP address, plan, proxy and API key. The theme and the key reminder are shared.
        Switch with <kbd>Ctrl+Shift+P</kbd> (<kbd>⌘⇧P</kbd> on a Mac) from anywhere.
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <ul className="profile-list" aria-label="Profiles">
        {list.profiles.map((profile) => (
          <ProfileRow key={profile.id} profile={profile} active={profile.id === list.activeId} only={list.profiles.length === 1} />
        ))}
      </ul>
      <CreateProfile profiles={list.profiles} activeId={list.activeId} />
    </section>
  );
}

function ProfileRow({ profile, active, only }: { profile: ProfileSummary; active: boolean; only: boolean }) {
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
            New name for {profile.name}
          </label>
          <input id={inputId} type="text" value={name} maxLength={40} onChange={(event) => setName(event.target.value)} autoFocus />
          <button type="submit">Save name</button>
          <button type="button" className="secondary" onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      ) : (
        <>
          <div className="profile-label">
            <span className="profile-name">
              <strong>{profile.name}</strong>
              {active && <span className="badge">Active</span>}
            </span>
            <span className="hint mono">{profile.baseUrl || 'no base URL yet'}</span>
          </div>
          {mode === 'delete' ? (
            <div className="actions" role="group" aria-label={`Confirm deleting ${profile.name}`}>
              <span>Delete {profile.name} and its stored key?</span>
              <button type="button" className="danger" onClick={() => void remove(profile.id)}>
                Yes, delete {profile.name}
              </button>
              <button type="button" className="secondary" onClick={() => setMode('view')}>
                Keep it
              </button>
            </div>
          ) : (
            <div className="actions">
              {!active && (
                <button type="button" onClick={() => void switchTo(profile.id)}>
                  Switch to {profile.name}
                </button>
              )}
              <button type="button" className="secondary" aria-label={`Rename ${profile.name}`} onClick={() => setMode('rename')}>
                Rename
              </button>
              {!only && (
                <button type="button" className="danger" aria-label={`Delete ${profile.name}`} onClick={() => setMode('delete')}>
                  Delete
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
  const [name, setName] = useState('');
  const [copyFrom, setCopyFrom] = useState<string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();
  const copyId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = profileNameSchema.safeParse(name);
    if (!parsed.success) return setProblem(problemWords(problemOfIssue(parsed.error.issues[0]) ?? { code: 'field.invalid', values: {} }));
    setProblem(null);
    // The name is cleared only once main has made the profile.
    if (await useProfiles.getState().create(parsed.data, copyFrom || null)) setName('');
  };

  return (
    <form className="create-profile" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={nameId}>New profile</label>
        <div className="field-row">
          <input id={nameId} type="text" value={name} placeholder="Staging" maxLength={40} aria-invalid={problem !== null} onChange={(e) => setName(e.target.value)} />
          <label htmlFor={copyId} className="visually-hidden">
            Start from
          </label>
          <select id={copyId} value={copyFrom} onChange={(event) => setCopyFrom(event.target.value)}>
            <option value="">Empty settings</option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                Copy of {profile.name}
                {profile.id === activeId ? ' (active)' : ''}
              </option>
            ))}
          </select>
          <button type="submit">Create profile</button>
        </div>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : (
          <p className="hint">A copy takes the addresses, plan and proxy, never the key: enter a key for the new profile.</p>
        )}
      </div>
    </form>
  );
}
