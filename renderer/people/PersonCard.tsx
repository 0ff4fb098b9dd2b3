import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PERSON_NOTE_CHARS, type Person, type PersonTranscript } from '../../shared/contract/people';
import { problemText } from '../common/problem-text';
import { formatClock } from '../common/timecode';
import { useNavigation } from '../navigation';
import { ColourDot } from './ColourDot';
import { PALETTE } from './colours';
import { SamePersonAs } from './PeopleMerge';
import { PersonName } from './PersonName';
import { personTranscripts, savePerson } from './store';

/** The swatches (none, the palette, the stored colour when it is another), and any colour through the picker. */
function PersonColour({ person, onProblem }: { person: Person; onProblem(error: unknown): void }) {
  const { t } = useTranslation('people');
  const group = useId();
  // The swatch shows as chosen at once; main's list then says what is kept (a refusal puts it back).
  const [chosen, setChosen] = useState(person.colour);
  useEffect(() => setChosen(person.colour), [person.colour]);
  const save = (colour: string | null) => {
    setChosen(colour);
    void savePerson(person, { colour }).then(
      () => onProblem(null),
      (error: unknown) => {
        setChosen(person.colour);
        onProblem(error);
      },
    );
  };
  const picker = useRef<HTMLInputElement>(null);
  // The picker's input event fires at every drag; its change event once a colour is chosen: main hears that one.
  useEffect(() => {
    const input = picker.current;
    const chosen = () => input && input.value !== person.colour && save(input.value);
    input?.addEventListener('change', chosen);
    return () => input?.removeEventListener('change', chosen);
  });
  const stored = person.colour && !PALETTE.some((swatch) => swatch.value === person.colour) ? person.colour : null;
  const swatches = [
    ...PALETTE.map((swatch) => ({ value: swatch.value, label: t(swatch.label) })),
    ...(stored ? [{ value: stored, label: t('person.storedColour', { value: stored }) }] : []),
  ];
  return (
    <fieldset className="person-colours">
      <legend>{t('person.colour')}</legend>
      <label className="swatch" title={t('person.noColour')}>
        <input type="radio" name={group} checked={chosen === null} onChange={() => save(null)} />
        <span className="swatch-none" aria-hidden="true" />
        <span className="visually-hidden">{t('person.noColour')}</span>
      </label>
      {swatches.map((swatch) => (
        <label key={swatch.value} className="swatch" title={swatch.label}>
          <input type="radio" name={group} checked={chosen === swatch.value} onChange={() => save(swatch.value)} />
          <ColourDot colour={swatch.value} />
          <span className="visually-hidden">{swatch.label}</span>
        </label>
      ))}
      <label className="swatch-other">
        {t('person.otherColour')}
        <input ref={picker} key={person.colour ?? ''} type="color" defaultValue={person.colour ?? '#888888'} />
      </label>
    </fieldset>
  );
}

function PersonNote({ person, onProblem }: { person: Person; onProblem(error: unknown): void }) {
  const { t } = useTranslation('people');
  const [note, setNote] = useState(person.note ?? '');
  const hint = useId();
  useEffect(() => setNote(person.note ?? ''), [person.note]);
  const changed = note.trim() !== (person.note ?? '');
  return (
    <form
      className="person-note"
      onSubmit={(event) => {
        event.preventDefault();
        void savePerson(person, { note: note.trim() || null }).then(() => onProblem(null), onProblem);
      }}
    >
      <label>
        {t('person.note')}
        <textarea dir="auto" rows={2} maxLength={MAX_PERSON_NOTE_CHARS} aria-describedby={hint} value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <span id={hint} className="hint">
        {t('person.noteHint', { max: MAX_PERSON_NOTE_CHARS })}
      </span>
      <button type="submit" className="small" disabled={!changed}>
        {t('person.saveNote')}
      </button>
    </form>
  );
}

/** The transcripts a person speaks in, asked of main when opened (a list of thousands asks nothing up front). */
function PersonTranscripts({ person }: { person: Person }) {
  const { t } = useTranslation('people');
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<PersonTranscript[] | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const merged = person.merged.join(',');
  useEffect(() => {
    if (!open) return;
    let current = true;
    personTranscripts(person.id).then(
      (answer) => current && setList(answer),
      (error: unknown) => current && setProblem(error),
    );
    return () => {
      current = false;
    };
  }, [open, person.id, person.name, merged]);
  return (
    <details className="person-transcripts" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('person.transcripts')}</summary>
      {problem !== null ? (
        <p className="notice error" role="alert">
          {problemText(problem)}
        </p>
      ) : !list ? (
        <p className="hint">{t('person.transcriptsLoading')}</p>
      ) : !list.length ? (
        <p className="hint">{t('person.transcriptsNone')}</p>
      ) : (
        <ul>
          {list.map((entry) => (
            <li key={entry.transcriptId}>
              <button
                type="button"
                className="link"
                aria-label={t('person.openTranscript', { name: entry.fileName, time: formatClock(entry.ms / 1000) })}
                onClick={() => useNavigation.getState().openTranscript(entry.transcriptId)}
              >
                <span dir="auto" translate="no">
                  {entry.fileName}
                </span>
              </button>{' '}
              <span className="person-talk" dir="ltr">
                {formatClock(entry.ms / 1000)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/** One person: name, colour, note, merge, and where they speak. */
export function PersonCard({ person }: { person: Person }) {
  const { t } = useTranslation('people');
  const heading = useId();
  const [problem, setProblem] = useState<unknown>(null);
  return (
    <li className="person-card" aria-labelledby={heading}>
      <h2 id={heading}>
        <ColourDot colour={person.colour} />
        <span dir="auto" translate="no">
          {person.name}
        </span>
        {person.self && <span className="badge">{t('screen.you')}</span>}
      </h2>
      <PersonName key={person.name} person={person} />
      <PersonColour person={person} onProblem={setProblem} />
      <PersonNote person={person} onProblem={setProblem} />
      {problem !== null && (
        <p className="notice error" role="alert">
          {problemText(problem)}
        </p>
      )}
      <SamePersonAs person={person.id} name={person.name} />
      <PersonTranscripts person={person} />
    </li>
  );
}
