import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Trans, useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { EditorBlock } from '../../shared/contract/transcriptEditor';
import { effectiveSpeakers } from '../../shared/domain/transcript-edits';
import { useNavigation } from '../navigation';
import { CopyButton } from '../common/CopyButton';
import { problemText } from '../common/problem-text';
import { Conflicts } from './Conflicts';
import { ExportBox } from './ExportBox';
import { FindBar } from './FindBar';
import { matchesIn, useFind, usePattern } from './find';
import { KEYS, screenKey } from './keys';
import { NotWritten } from './NotWritten';
import { PersonPicker } from './PersonPicker';
import { watchPeople } from '../people/store';
import { Player } from './Player';
import { Row } from './Row';
import { panelTabs } from './panel-tabs';
import { NO_MARKS, marksByRow } from './row-markers';
import { keepFocusInList, setDock, setList, setScroller, textHolder } from './row-focus';
import { rowListParts } from './RowList';
import { RowText } from './RowText';
import { SpeakersPanel } from './SpeakersPanel';
import { openEditor, useEditor } from './store';
import { Toolbar } from './Toolbar';
import { useAllMatches } from './track-find';
import { TranslationTrack, useTrack } from '../translation';
import './editor.css';

/** The row and word playing at `ms`: the last row started by then, and its last word started. */
function playingAt(blocks: readonly EditorBlock[], starts: Float64Array, ms: number): { row: number; word: number } {
  let low = 0;
  let high = starts.length - 1;
  let row = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (starts[mid]! <= ms) {
      row = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  const times = row >= 0 ? blocks[row]!.times : null;
  if (!times || ms > times.at(-1)! + 500) return { row: -1, word: -1 };
  let word = 0;
  while (word + 1 < times.length / 2 && times[(word + 1) * 2]! <= ms) word++;
  return { row, word };
}

/** Main's refusal, and what the user typed that it could not save, to copy elsewhere. */
function Problem({ problem }: { problem: unknown }) {
  const { t } = useTranslation('editor');
  const unsaved = useEditor((view) => view.unsaved);
  const deleted = useEditor((view) => view.deleted);
  if (problem === null && !deleted && unsaved.length === 0) return null;
  return (
    <div className="notice error" role="alert">
      {deleted && (
        <p className="notice-title">{t('problem.deleted')}</p>
      )}
      {/* Main's refusals after a deletion say the same again. */}
      {problem !== null && !deleted && <p>{problemText(problem)}</p>}
      {unsaved.map(({ row, text }) => (
        <div key={row}>
          <p className="notice-title">{t('problem.unsavedRow', { row: row + 1 })}</p>
          <blockquote className="ed-unsaved" dir="auto" translate="no">
            {text}
          </blockquote>
          <CopyButton label={t('problem.copyUnsaved', { row: row + 1 })} text={() => text} />
        </div>
      ))}
    </div>
  );
}

function KeyHelp() {
  const { t } = useTranslation('editor');
  return (
    <details className="ed-panel">
      <summary>{t('keys.heading')}</summary>
      <dl className="ed-keys">
        {KEYS.map(([keys, what]) => (
          <div key={what}>
            <dt>
              {/* Chords read left to right in every language; their key names are the keyboard's. */}
              {typeof keys === 'string' ? (
                <kbd dir="ltr" translate="no">
                  {keys}
                </kbd>
              ) : (
                <kbd>{t(keys.words)}</kbd>
              )}
            </dt>
            <dd>{t(what)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * The transcript editor: the recording stays at the top, the rows (cues) below in a
 * virtualized list, so a two-hour transcript renders only the rows on screen.
 */
export function TranscriptEditorScreen({ id }: { id: string }) {
  const { t } = useTranslation('editor');
  const { document, problem, active, caret, fileName, markers } = useEditor();
  const list = useRef<VirtuosoHandle>(null);
  const [playing, setPlaying] = useState({ row: -1, word: -1 });
  const pattern = usePattern();
  const current = useFind((view) => view.current);
  useEffect(() => void openEditor(id), [id]);
  useEffect(() => watchPeople(), []);

  const blocks = document?.blocks;
  const speakerNames = useMemo(() => {
    if (!document) return [];
    const names = new Map(document.speakers.map((speaker) => [speaker.id, speaker.name]));
    return effectiveSpeakers(document.blocks).map((speakerId) => (speakerId ? (names.get(speakerId) ?? null) : null));
  }, [document]);
  const starts = useMemo(() => {
    const result = new Float64Array(blocks?.length ?? 0);
    blocks?.forEach((block, i) => (result[i] = block.times?.[0] ?? (i ? result[i - 1]! : 0)));
    return result;
  }, [blocks]);
  const rowMarks = useMemo(() => marksByRow(blocks ?? [], starts, markers), [starts, blocks, markers]);
  const track = useTrack();
  const originalMatches = useMemo(() => matchesIn(pattern), [blocks, pattern]);
  const matches = useAllMatches(blocks, originalMatches, track?.rows ?? null);
  const count = blocks?.length ?? 0;
  const listLabel = t('screen.rowList', { fileName, count });
  const listContext = useMemo(() => ({ count, label: listLabel }), [count, listLabel]);
  const holder = useMemo(textHolder, []);
  const match = matches.length ? matches[Math.min(current, matches.length - 1)] : undefined;

  const onTime = useCallback(
    (ms: number) => {
      if (!blocks) return;
      const next = playingAt(blocks, starts, ms);
      setPlaying((previous) => {
        if (previous.row === next.row && previous.word === next.word) return previous;
        if (next.row >= 0 && next.row !== previous.row) list.current?.scrollIntoView({ index: next.row, behavior: 'auto' });
        return next;
      });
    },
    [blocks, starts],
  );

  const loaded = document !== null;
  useEffect(() => {
    setList(list.current, active);
    if (active !== null) list.current?.scrollIntoView({ index: active });
  }, [active, loaded]);
  useEffect(() => {
    if (match) list.current?.scrollIntoView({ index: match.block });
  }, [match]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => screenKey(event, () => useFind.setState({ open: true }));
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const back = (
    <button type="button" className="link back" onClick={() => useNavigation.getState().openTranscript(id)}>
      <span className="back-arrow" aria-hidden="true">
        ←
      </span>{' '}
      {t('screen.back')}
    </button>
  );

  if (!document) {
    return (
      <main className="screen ed-screen" aria-labelledby="editor-heading">
        {back}
        <h1 id="editor-heading">{t('screen.heading')}</h1>
        {problem !== null ? (
          <div className="notice error" role="alert">
            <p>{problemText(problem)}</p>
          </div>
        ) : (
          <p className="hint">{t('screen.loading')}</p>
        )}
      </main>
    );
  }

  return (
    <main className="screen ed-screen" aria-labelledby="editor-heading">
      <header className="ed-header">
        {back}
        <h1 id="editor-heading">
          {/* The name is cut, not the sentence, and keeps its own direction; the whole of it is one hover away. */}
          <Trans t={t} i18nKey="screen.headingFile" values={{ fileName }} components={{ 1: <bdi className="ed-file" translate="no" title={fileName} /> }} />
        </h1>
        <Player id={id} onTime={onTime} />
        <Toolbar />
        <FindBar matches={matches} />
        <Problem problem={problem} />
        <NotWritten />
        <Conflicts />
        <PersonPicker />
      </header>
      <div className="ed-body">
        <div className="ed-panels" ref={panelTabs}>
          <TranslationTrack transcriptId={id} />
          <SpeakersPanel />
          <ExportBox />
          <KeyHelp />
        </div>
        <Virtuoso
          ref={list}
          className="ed-list"
          role="region"
          aria-label={t('screen.rows')}
          data={blocks}
          // By id, not place: a row keeps its element (and the caret in it) when a row above is split or merged.
          computeItemKey={(_index, block) => block.id}
          components={rowListParts}
          context={listContext}
          defaultItemHeight={64}
          increaseViewportBy={{ top: 300, bottom: 300 }}
          scrollerRef={setScroller}
          // The list's own element takes the focus a row unmounted while scrolling had (row-focus.ts).
          tabIndex={-1}
          itemsRendered={() => requestAnimationFrame(keepFocusInList)}
          itemContent={(index, block) => (
            <Row
              index={index}
              block={block}
              speaker={speakerNames[index] ?? null}
              active={active === index}
              pattern={pattern}
              playing={playing.row === index ? playing.word : -1}
              currentMatch={match?.block === index && !match.rowId ? match.index : -1}
              marks={rowMarks.get(index) ?? NO_MARKS}
              translated={track?.rows.get(block.id) ?? null}
              trackDir={track?.dir ?? 'ltr'}
              trackMatch={match?.block === index && match.rowId ? match : null}
            />
          )}
        />
      </div>
      {/* The row being edited keeps its textarea here while it is scrolled out of view. */}
      <div ref={setDock} className="visually-hidden" />
      {active !== null && blocks?.[active] && createPortal(<RowText key={blocks[active].id} index={active} block={blocks[active]} caret={caret} />, holder)}
    </main>
  );
}
