import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Speaker } from '../../shared/contract/transcriptEditor';
import { edit, useEditor } from './store';

/** One speaker: rename (everywhere at once) or merge into another. */
function SpeakerItem({ speaker, others }: { speaker: Speaker; others: Speaker[] }) {
  const { t } = useTranslation('editor');
  const [name, setName] = useState(speaker.name);
  const rename = () => {
    if (name.trim() && name.trim() !== speaker.name) void edit({ type: 'renameSpeaker', speaker: speaker.id, name: name.trim() });
    else setName(speaker.name);
  };
  return (
    <li className="ed-speaker-item">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          rename();
        }}
      >
        <input type="text" dir="auto" aria-label={t('speakers.name', { name: speaker.name })} value={name} onChange={(event) => setName(event.target.value)} onBlur={rename} />
      </form>
      {others.length > 0 && (
        <select
          aria-label={t('speakers.mergeLabel', { name: speaker.name })}
          value=""
          onChange={(event) => event.target.value && void edit({ type: 'mergeSpeakers', from: speaker.id, into: event.target.value })}
        >
          <option value="">{t('speakers.mergeInto')}</option>
          {others.map((other) => (
            <option key={other.id} value={other.id} translate="no">
              {other.name}
            </option>
          ))}
        </select>
      )}
    </li>
  );
}

/** The transcript's speakers; a row's menu marks where one starts. */
export function SpeakersPanel() {
  const { t } = useTranslation('editor');
  const speakers = useEditor((view) => view.document?.speakers ?? []);
  return (
    <details className="ed-panel">
      <summary>{t('speakers.heading', { count: speakers.length })}</summary>
      {speakers.length ? (
        <ul className="ed-speakers">
          {speakers.map((speaker) => (
            <SpeakerItem key={`${speaker.id}:${speaker.name}`} speaker={speaker} others={speakers.filter((other) => other.id !== speaker.id)} />
          ))}
        </ul>
      ) : (
        <p className="hint">{t('speakers.none')}</p>
      )}
    </details>
  );
}
