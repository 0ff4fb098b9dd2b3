/** A track's level, 0..1, as a bar; the number stays for assistive technology as a meter. */
export function LevelMeter({ label, level }: { label: string; level: number }) {
  return (
    <div className="rec-level">
      <span className="rec-level-label">{label}</span>
      <meter min={0} max={1} low={0.6} high={0.9} optimum={0.3} value={level} aria-label={label} />
    </div>
  );
}
