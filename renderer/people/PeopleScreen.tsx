import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MergedNotice } from './PeopleMerge';
import { PersonCard } from './PersonCard';
import { usePeople, watchPeople } from './store';

/** Everyone main keeps, the user first (docs/architecture/people.md). */
export function PeopleScreen() {
  const { t } = useTranslation('people');
  const people = usePeople((view) => view.people);
  useEffect(() => watchPeople(), []);
  return (
    <main className="screen people" aria-labelledby="people-heading">
      <h1 id="people-heading">{t('screen.heading')}</h1>
      <p className="hint">{t('screen.intro')}</p>
      <MergedNotice />
      <ul className="people-list">
        {people.map((person) => (
          <PersonCard key={person.id} person={person} />
        ))}
      </ul>
      {people.length === 1 && <p className="hint">{t('screen.none')}</p>}
    </main>
  );
}
