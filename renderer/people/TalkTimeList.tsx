import type { TalkTime } from '../../shared/contract/transcriptEditor';
import { formatClock } from '../common/timecode';
import { ColourDot } from './ColourDot';
import { personOf, usePeople } from './store';

/**
 * Each speaker's talk time as main counted it, with the person's colour beside the name: one
 * list for the transcript's page and the editor's Speakers panel, so both read alike.
 */
export function TalkTimeList({ times }: { times: readonly TalkTime[] }) {
  const people = usePeople((view) => view.people);
  return (
    <dl>
      {times.map((entry) => (
        <div key={entry.speaker}>
          <dt dir="auto" translate="no">
            <ColourDot colour={entry.person ? personOf(people, entry.person)?.colour : null} />
            {entry.name}
          </dt>
          <dd dir="ltr">{formatClock(entry.ms / 1000)}</dd>
        </div>
      ))}
    </dl>
  );
}
