/**
 * A marker dropped while recording, shown where it falls among a transcript's paragraphs or
 * rows: its name and time as a button that plays from there (`data-start` for lists that seek
 * on a click anywhere in them, or `onPlay`).
 */
export function MarkerLine(props: { name: string; time: string; hint: string; at: number; onPlay?: () => void }) {
  return (
    <div className="marker-line">
      <button type="button" className="marker" data-start={props.at} title={props.hint} onClick={props.onPlay}>
        <span className="marker-sign" aria-hidden="true">
          ◆
        </span>
        {/* The user's label, in its own direction; the time reads left to right in every language. */}
        <span className="marker-name" dir="auto" translate="no">
          {props.name}
        </span>
        <span className="marker-time" dir="ltr">
          {props.time}
        </span>
      </button>
    </div>
  );
}
