import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Speaker, TalkTime } from '../../shared/contract/transcriptEditor';
import { ColourDot } from '../people/ColourDot';
import { TalkTimeList } from '../people/TalkTimeList';
import { personOf, renamePerson, transcriptsWith, usePeople } from '../people/store';
import { MergedNotice, SamePersonAs } from '../people/PeopleMerge';
import { problemText } from '../common/problem-text';
import { edit, talkTimeOf, useEditor } from './store';

/**
 * Renaming a speaker who is a person (linked in the people list) renames the person, and asks
 * first whether the transcripts they already speak in change too; only then do they.
 */
function RenamePerson({ speaker, name, done }: { speaker: Speaker & { person: string }; name: string; done: () => void }) {
  const { t } = useTranslation('editor');
  const [uses, setUses] = useState<number | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const first = useRef<HTMLButtonElement>(null);
  // The question takes the focus (and is scrolled to, in a short window's panels): it is what to answer next.
  useEffect(() => {
    first.current?.scrollIntoView({ block: 'nearest' });
    first.current?.focus();
  }, []);
  useEffect(() => void transcriptsWith(speaker.person).then(setUses, setProblem), [speaker.person]);
  const transcript = useEditor((view) => view.id) ?? undefined;
  const rename = async (pastTranscripts: boolean) => {
    try {
      // Here it is renamed either way; elsewhere only when asked: main does both in one call.
      await renamePerson(speaker.person, name, pastTranscripts, transcript);
      done();
    } catch (error) {
      setProblem(error);
    }
  };
  return (
    <div className="ed-rename-ask" role="group" aria-label={t('speakers.renameAskLabel', { old: speaker.name, name })}>
      <p>{t('speakers.renameAsk', { old: speaker.name, name, count: Math.max(0, (uses ?? 1) - 1) })}</p>
      <button ref={first} type="button" className="small" onClick={() => void rename(false)}>
        {t('speakers.renameHere')}
      </button>{' '}
      <button type="button" className="small" onClick={() => void rename(true)}>
        {t('speakers.renameEverywhere')}
      </button>{' '}
      <button type="button" className="small link" onClick={done}>
        {t('speakers.renameCancel')}
      </button>
      {problem !== null && (
        <p className="notice error" role="alert">
          {problemText(problem)}
        </p>
      )}
    </div>
  );
}

/** A linked speaker's person's colour, beside their name. */
function SpeakerColour({ person }: { person: string | undefined }) {
  const colour = usePeople((view) => (person === undefined ? null : personOf(view.people, person)?.colour));
  return <ColourDot colour={colour} />;
}

/** One speaker: rename (everywhere at once) or merge into another. */
function SpeakerItem({ speaker, others }: { speaker: Speaker; others: Speaker[] }) {
  const { t } = useTranslation('editor');
  const [name, setName] = useState(speaker.name);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const rename = () => {
    setProblem(null);
    if (!name.trim() || name.trim() === speaker.name) setName(speaker.name);
    else if (!speaker.person) void edit({ type: 'renameSpeaker', speaker: speaker.id, name: name.trim() });
    else {
      // A person who speaks in no other transcript is renamed without a question: there is nothing else to change.
      const person = speaker.person;
      void transcriptsWith(person)
        .then(async (uses) => {
          if (uses > 1) setAsking(true);
          else await renamePerson(person, name.trim(), true);
        })
        .catch(setProblem);
    }
  };
  return (
    <li className="ed-speaker-item">
      <SpeakerColour person={speaker.person} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          rename();
        }}
      >
        <input type="text" dir="auto" aria-label={t('speakers.name', { name: speaker.name })} value={name} onChange={(event) => setName(event.target.value)} onBlur={() => !asking && rename()} />
      </form>
      {asking && speaker.person && (
        <RenamePerson
          speaker={{ ...speaker, person: speaker.person }}
          name={name.trim()}
          done={() => {
            setAsking(false);
            setName(speaker.name);
          }}
        />
      )}
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
      {speaker.person && <SamePersonAs person={speaker.person} name={speaker.name} />}
      {problem !== null && (
        <p className="notice error" role="alert">
          {problemText(problem)}
        </p>
      )}
    </li>
  );
}

/** Each speaker's talk time as main counts it, read again whenever the document changes. */
function TalkTimes() {
  const { t } = useTranslation('editor');
  const id = useEditor((view) => view.id);
  const version = useEditor((view) => view.version);
  const [times, setTimes] = useState<TalkTime[]>([]);
  useEffect(() => {
    if (!id) return;
    let current = true;
    void talkTimeOf(id).then((answer) => current && setTimes(answer), () => current && setTimes([]));
    return () => {
      current = false;
    };
  }, [id, version]);
  if (!times.length) return null;
  return (
    <section className="ed-talk" aria-label={t('speakers.talkTime')}>
      <h3>{t('speakers.talkTime')}</h3>
      <TalkTimeList times={times} />
    </section>
  );
}

/** The transcript's speakers (Alt+1…9 in this order); a row's menu marks where one starts. */
export function SpeakersPanel() {
  const { t } = useTranslation('editor');
  const speakers = useEditor((view) => view.document?.speakers ?? []);
  // Talk time is asked of main at every change only while the panel is open.
  const [open, setOpen] = useState(false);
  return (
    <details className="ed-panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('speakers.heading', { count: speakers.length })}</summary>
      {speakers.length ? (
        <ol className="ed-speakers">
          {speakers.map((speaker) => (
            <SpeakerItem key={`${speaker.id}:${speaker.name}`} speaker={speaker} others={speakers.filter((other) => other.id !== speaker.id)} />
          ))}
        </ol>
      ) : (
        <p className="hint">{t('speakers.none')}</p>
      )}
      <MergedNotice />
      {open && <TalkTimes />}
    </details>
  );
}
