import { useState } from 'react';
import type { Transcript } from '../../shared/domain/transcript';
import { counted } from '../../shared/domain/plural';
import { formatPrecise } from './format';

/** Every segment and word with its times; the tables are built only when opened (there may be thousands). */
export function Timings({ transcript }: { transcript: Transcript }) {
  const [open, setOpen] = useState(false);
  const { segments, words } = transcript;
  if (!segments.length && !words.length) return null;
  const counts = [segments.length && counted(segments.length, { one: 'segment', other: 'segments' }), words.length && counted(words.length, { one: 'word', other: 'words' })].filter(Boolean).join(', ');
  return (
    <details className="timings" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Timings: {counts}</summary>
      {open && (
        <div className="timings-tables">
          {segments.length > 0 && (
            <table>
              <caption>Segments</caption>
              <thead>
                <tr>
                  <th scope="col">Start</th>
                  <th scope="col">End</th>
                  <th scope="col">Text</th>
                </tr>
              </thead>
              <tbody>
                {segments.map((segment, i) => (
                  <tr key={i}>
                    <td className="mono">{formatPrecise(segment.start)}</td>
                    <td className="mono">{formatPrecise(segment.end)}</td>
                    <td>{segment.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {words.length > 0 && (
            <table>
              <caption>Words</caption>
              <thead>
                <tr>
                  <th scope="col">Word</th>
                  <th scope="col">Start</th>
                  <th scope="col">End</th>
                </tr>
              </thead>
              <tbody>
                {words.map((word, i) => (
                  <tr key={i}>
                    <td>{word.word}</td>
                    <td className="mono">{formatPrecise(word.start)}</td>
                    <td className="mono">{formatPrecise(word.end)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </details>
  );
}
