import chat from './locales/en/chat.json';
import common from './locales/en/common.json';
import editor from './locales/en/editor.json';
import errors from './locales/en/errors.json';
import history from './locales/en/history.json';
import main from './locales/en/main.json';
import people from './locales/en/people.json';
import mcp from './locales/en/mcp.json';
import recording from './locales/en/recording.json';
import settings from './locales/en/settings.json';
import transcription from './locales/en/transcription.json';

/**
 * The source catalogue. English is written first and is what every key's type comes from, so a
 * key used in code but missing here fails the type check; other languages fall back to it.
 */
export const english = { common, errors, chat, history, transcription, recording, editor, people, settings, mcp, main };
