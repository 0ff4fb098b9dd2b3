import { usePeople } from './store';
import './people.css';

/** A person's colour beside their name (never instead of it, so it is hidden from screen readers). */
export function ColourDot({ colour }: { colour: string | null | undefined }) {
  if (!colour) return null;
  return <span className="person-colour" style={{ background: colour }} aria-hidden="true" />;
}

/**
 * The colour of the person a speaker's name is, where a page has the name only (the result
 * page's paragraphs): names are unique in the list, and a linked speaker carries its person's name.
 */
export function SpeakerDot({ name }: { name: string }) {
  const colour = usePeople((view) => view.people.find((person) => person.name === name)?.colour);
  return <ColourDot colour={colour} />;
}
