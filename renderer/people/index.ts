// What other features use of the people list and its page.
export { PeopleScreen } from './PeopleScreen';
export { ColourDot, SpeakerDot } from './ColourDot';
export { personOf, usePeople, watchPeople } from './store';
export { TalkTimeList } from './TalkTimeList';
