import type { UI_LANGUAGES } from './languages';

type Translated = (typeof UI_LANGUAGES)[number];

/**
 * The product's own terms and the one word each language uses for them, so a transcript is never
 * a transcript on one screen and a record on the next. `match` finds the term in an English
 * string; each language lists the word and, where it inflects or has a broken plural, the stems
 * one of which must appear wherever the English has the term (tests/unit/i18n/catalogue.test.ts).
 */
export const GLOSSARY: Record<string, { match: RegExp; words: Record<Exclude<Translated, 'en'>, readonly string[]> }> = {
  transcript: {
    match: /\btranscri(pt|ption|be|bing|bed)/i,
    words: {
      'zh-CN': ['转录'], 'zh-TW': ['逐字稿', '轉錄'], ja: ['文字起こし'], ko: ['전사', '녹취록'], de: ['Transkript'], fr: ['transcri'],
      es: ['transcri'], 'pt-BR': ['transcri'], ru: ['транскри', 'расшифров'], ar: ['تفريغ', 'تفريغات', 'فرّغ', 'فرغ', 'تفريغه'],
    },
  },
  part: {
    match: /\bparts?\b/i,
    words: {
      'zh-CN': ['片段'], 'zh-TW': ['片段'], ja: ['パート'], ko: ['파트'], de: ['Teil'], fr: ['partie'], es: ['parte'],
      'pt-BR': ['parte'], ru: ['част'], ar: ['جزء', 'أجزاء', 'الجزء', 'جزأين', 'جزءا', 'جزءً'],
    },
  },
  profile: {
    match: /\bprofiles?\b/i,
    words: {
      'zh-CN': ['配置文件'], 'zh-TW': ['設定檔'], ja: ['プロファイル'], ko: ['프로필'], de: ['Profil'], fr: ['profil'], es: ['perfil'],
      'pt-BR': ['perfi'], ru: ['профил'], ar: ['ملف التعريف', 'ملفات التعريف', 'ملف تعريف', 'ملفات تعريف'],
    },
  },
  key: {
    match: /\b(api )?keys?\b/i,
    words: {
      'zh-CN': ['密钥'], 'zh-TW': ['金鑰'], ja: ['キー'], ko: ['키'], de: ['Schlüssel'], fr: ['clé'], es: ['clave'], 'pt-BR': ['chave'],
      ru: ['ключ'], ar: ['مفتاح', 'مفاتيح', 'المفتاح'],
    },
  },
  conversation: {
    match: /\bconversations?\b/i,
    words: {
      'zh-CN': ['对话'], 'zh-TW': ['對話'], ja: ['会話'], ko: ['대화'], de: ['Unterhaltung'], fr: ['conversation'], es: ['conversaci'],
      'pt-BR': ['conversa'], ru: ['разговор'], ar: ['محادث'],
    },
  },
  speaker: {
    match: /\bspeakers?\b/i,
    words: {
      'zh-CN': ['说话人'], 'zh-TW': ['說話者'], ja: ['話者'], ko: ['화자'], de: ['Sprecher'], fr: ['intervenant'], es: ['hablante'],
      'pt-BR': ['locutor'], ru: ['говорящ', 'спикер'], ar: ['متحدث'],
    },
  },
  subtitle: {
    match: /\bsubtitles?\b/i,
    words: {
      'zh-CN': ['字幕'], 'zh-TW': ['字幕'], ja: ['字幕'], ko: ['자막'], de: ['Untertitel'], fr: ['sous-titre'], es: ['subtítulo'],
      'pt-BR': ['legenda'], ru: ['субтитр'], ar: ['ترجمة مصاحبة', 'الترجمة المصاحبة', 'ترجمات مصاحبة'],
    },
  },
};
