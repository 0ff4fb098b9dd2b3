/**
 * A shortcut's keys as the keyboard names them ("Ctrl+N", "⌘K"): never translated, and always
 * left to right, so "Shift+Enter" does not turn into "Enter+Shift" inside Arabic text.
 */
export function Keys({ label }: { label: string }) {
  return (
    <kbd translate="no" dir="ltr">
      {label}
    </kbd>
  );
}
